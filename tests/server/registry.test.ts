import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasKey, type Lang } from '../../i18n/index.ts';
import uiEn from '../../i18n/ui/en.ts';
import uiHk from '../../i18n/ui/hk.ts';
import uiZh from '../../i18n/ui/zh.ts';
import { resources } from '../../resources/index.ts';
import type { Mount, ResourceDef } from '../../resources/types.ts';
import { actionOf, permissionOf, specOf } from '../../server/engine/spec.ts';
import { findRoute } from '../../src/routes/guard.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { uid } from '../helpers/tenant-flows.ts';

/**
 * The registry checks itself: every definition, the day it is added, has its labels in three
 * languages, names only definitions it can reference and routes that exist, and every permission
 * code it checks can be granted to a role and then allows the call.
 */
const LANGS: Lang[] = ['zh', 'hk', 'en'];
const ui: Record<Lang, Record<string, unknown>> = { zh: uiZh, hk: uiHk, en: uiEn };
const inUi = (lang: Lang, key: string) => key.split('.').reduce<unknown>((n, k) => (n && typeof n === 'object' ? (n as Record<string, unknown>)[k] : undefined), ui[lang]) !== undefined;
const names = new Set(resources.map((d) => d.name));

type JsonSchema = { anyOf?: JsonSchema[]; const?: unknown; enum?: unknown[]; items?: JsonSchema };
/** The coded values of each field: z.enum options and codes(...) constants. */
const codedValues = (def: ResourceDef) => {
  const shape = { ...def.schema.shape, ...(def.internal?.shape ?? {}) };
  const json = z.toJSONSchema(z.object(shape), { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, JsonSchema> };
  const out: Record<string, unknown[]> = {};
  for (const [field, s] of Object.entries(json.properties)) {
    const values = s.enum ?? (s.anyOf?.every((b) => b.const !== undefined) ? s.anyOf.map((b) => b.const) : undefined);
    if (values) out[field] = values;
  }
  return out;
};

describe.each(resources.map((def) => ({ name: def.name, def })))('$name', ({ def }) => {
  it('labels every field, coded value, status value, transition and record action in zh, hk and en', () => {
    const missing: string[] = [];
    const need = (key: string, where: 'shared' | 'ui' | 'either' = 'shared') => {
      for (const lang of LANGS) {
        const found = where === 'ui' ? inUi(lang, key) : where === 'either' ? hasKey(lang, key) || inUi(lang, key) : hasKey(lang, key);
        if (!found) missing.push(`${lang}: ${key}`);
      }
    };
    need(`resources.${def.name}.name`, 'either');
    for (const field of Object.keys({ ...def.schema.shape, ...(def.internal?.shape ?? {}) })) need(`resources.${def.name}.fields.${field}`);
    for (const [field, values] of Object.entries(codedValues(def))) for (const v of values) need(`resources.${def.name}.values.${field}.${String(v)}`);
    if (def.status) {
      for (const t of def.status.transitions) {
        need(`actions.${t.name}`);
        for (const v of [...t.from, t.to]) need(`resources.${def.name}.values.${def.status.field}.${String(v)}`);
      }
    }
    for (const screen of def.tenant ?? []) for (const a of screen.actions ?? []) need(`record_actions.${def.name}.${a.name}`, 'ui');
    expect(missing).toEqual([]);
  });

  it('references only definitions, and its menu URL is a route', () => {
    expect(Object.values(def.references ?? {}).filter((r) => !names.has(r))).toEqual([]);
    for (const c of def.columns) if (c.reference) expect(names).toContain(c.reference);
    if (def.grants) expect(names).toContain(def.grants.resource);
    if (def.menu) expect(findRoute(def.menu.url)?.path, def.menu.url).toBeTruthy();
    for (const screen of def.tenant ?? []) expect(findRoute(screen.url)?.path, screen.url).toBeTruthy();
  });
});

/** One call of each permission code a mount checks, with the body its verb needs least. */
const codes = resources.flatMap((def) =>
  def.mounts.flatMap((mount) =>
    Object.entries(mount.calls)
      .map(([segment, raw]) => ({ def, mount, segment, spec: specOf(raw), code: permissionOf(mount, specOf(raw)) }))
      .filter((c) => c.code && !c.spec.public),
  ),
);
/** Calls whose codes tenants hold: BU and own-account calls, and tenant-side catalogue reads (the abilities). */
const tenantSide = (m: Mount) => m.scope === 'bu' || m.scope === 'user' || (m.scope === 'catalog' && m.side === 'tenant');
const firstPerCode = [...new Map(codes.map((c) => [`${tenantSide(c.mount) ? 'tenant' : 'admin'} ${c.code}`, c])).values()];

describe('every permission code can be granted, and once granted allows its call', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer();
    admin = await s.login();
  });
  afterAll(() => s?.close());

  const REFUSALS = /no access rights|Only platform operators|Only tenant accounts|create or select a business unit/;

  it('operator side', async () => {
    const nodes = (await s.post('/open/admin/system/permission/list', { scene: 'admin' }, { token: admin })).data as { guid: string; code: string }[];
    const byCode = new Map(nodes.map((n) => [n.code, n.guid]));
    const role = (await s.post('/open/admin/system/role/add', { name: `Probe ${uid()}` }, { token: admin })).data.guid;
    const name = `probe_${uid()}`;
    await s.post('/open/admin/system/user/add', { username: name, password: 'Probe1234', role_guids: [role] }, { token: admin });
    const probe = await s.login(name, 'Probe1234');
    const failures: string[] = [];
    for (const c of firstPerCode.filter((x: { mount: Mount }) => !tenantSide(x.mount))) {
      const node = byCode.get(c.code!);
      if (!node) {
        failures.push(`${c.code}: no node to grant`);
        continue;
      }
      const path = `${c.mount.base}/${c.segment}`;
      const body = { guid: '00000000-0000-4000-8000-000000000000', bu_guid: '00000000-0000-4000-8000-000000000000' };
      await s.post('/open/admin/system/role/auth', { guid: role, permission_guids: [] }, { token: admin });
      const without = await s.post(path, body, { token: probe });
      if (!REFUSALS.test(without.message ?? '')) failures.push(`${path} without ${c.code}: ${without.message}`);
      await s.post('/open/admin/system/role/auth', { guid: role, permission_guids: [node] }, { token: admin });
      const granted = await s.post(path, body, { token: probe });
      if (REFUSALS.test(granted.message ?? '')) failures.push(`${path} with ${c.code} (${actionOf(c.spec)}): ${granted.message}`);
    }
    expect(failures).toEqual([]);
  });
});
