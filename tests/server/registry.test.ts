import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasKey, type Lang } from '../../i18n/index.ts';
import uiEn from '../../i18n/ui/en.ts';
import uiHk from '../../i18n/ui/hk.ts';
import uiZh from '../../i18n/ui/zh.ts';
import { resources } from '../../resources/index.ts';
import type { Mount, ResourceDef } from '../../resources/types.ts';
import { actionOf, permissionOf, specOf } from '../../server/engine/spec.ts';
import { handlers } from '../../server/handlers/index.ts';
import { findRoute } from '../../src/routes/guard.ts';
import { SCOPES, type OpenScope } from '../../resources/scopes.ts';
import { EVENT_CODES, type EventCode } from '../../resources/event-codes.ts';
import { engineCalls, openApiCalls } from '../../server/open-api/calls.ts';
import { eventTypes, eventTypesOf, type EventType } from '../../server/seed/event-types.ts';
import type { CallDoc } from '../../server/http/calls.ts';
import { docSchema } from '../../server/http/json-schema.ts';
import type { LarkCall } from '../../server/lark/call.ts';
import { larkCalls } from '../../server/lark/routes.ts';
import { datetime } from '../../schemas/common.ts';
import { holiday } from '../fixtures/holiday-entity.ts';
import { eventProblems, menuProblems, openApiProblems, undeclaredScopes, unlabelledScopes } from '../helpers/registry-checks.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { uid } from '../helpers/tenant-flows.ts';
import { menuScreens, tenantScreensOf } from '../../resources/screens.ts';

/**
 * A scope nobody declared fails `tsc` where a definition names it (tests/fixtures/typed-names.ts);
 * the broken fixtures below write one anyway, as a definition tsc never saw would.
 */
const unknownScope = (code: string) => code as OpenScope;
const unknownEvent = (code: string) => code as EventCode;

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
    if (def.api.status) {
      for (const t of def.api.status.transitions) {
        need(`actions.${t.name}`);
        for (const v of [...t.from, t.to]) need(`resources.${def.name}.values.${def.api.status.field}.${String(v)}`);
      }
    }
    for (const screen of tenantScreensOf(def)) for (const a of screen.actions ?? []) need(`record_actions.${def.name}.${a.name}`, 'ui');
    expect(missing).toEqual([]);
  });

  it('references only definitions, and its menu URL is a route', () => {
    expect(Object.values(def.relations?.references ?? {}).filter((r) => !names.has(r))).toEqual([]);
    for (const c of def.admin.columns) if (c.reference) expect(names).toContain(c.reference);
    if (def.admin.grants) expect(names).toContain(def.admin.grants.resource);
    for (const { menu } of menuScreens(def)) expect(findRoute(menu.url)?.path, menu.url).toBeTruthy();
    // A screen's mount is one of the definition's own.
    for (const screen of def.admin.screens ?? []) if (screen.mount) expect(def.api.mounts.map((m) => m.base), screen.url).toContain(screen.mount);
    for (const screen of tenantScreensOf(def)) expect(findRoute(screen.url)?.path, screen.url).toBeTruthy();
  });
});

/** A name that says its field holds a day or an instant: `due_at`, `paid_at`, `birth_date`, `failing_since`, a window's `from`/`to`. */
const DATE_NAME = /(^|_)(at|date|day|time|since|until|from|to)$/;
type FieldSchema = {
  type?: string | string[]; format?: string; kind?: string; 'x-kind'?: string;
  properties?: Record<string, FieldSchema>; items?: FieldSchema; prefixItems?: FieldSchema[]; additionalProperties?: FieldSchema | boolean;
  anyOf?: FieldSchema[]; oneOf?: FieldSchema[]; allOf?: FieldSchema[];
};
/** Marks `date()`, `datetime()` and `clockTime()` leave: `kind` in zod's JSON Schema, `x-kind` once the OpenAPI document's (`docSchema`). */
const DATE_KINDS = ['date', 'datetime', 'clock'];
/**
 * Every string field (nested ones too) that holds a date or time without `date()`/`datetime()` (`clockTime()` is a time of day, not a date).
 * A `$ref` is not followed: the named schemas it points at are checked under their own names.
 */
const bareDates = (where: string, node: FieldSchema | undefined, name = ''): string[] => {
  if (!node || typeof node !== 'object') return [];
  const alternatives = [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])];
  const extra = typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
  const nested = [
    ...alternatives.flatMap((b) => bareDates(where, b, name)),
    ...Object.entries(node.properties ?? {}).flatMap(([k, v]) => bareDates(where, v, k)),
    ...[node.items, extra, ...(node.prefixItems ?? [])].flatMap((v) => bareDates(where, v, name)),
  ];
  const isString = node.type === 'string' || (Array.isArray(node.type) && node.type.includes('string'));
  const holdsDate = node.format === 'date' || node.format === 'date-time' || (isString && DATE_NAME.test(name));
  return holdsDate && !DATE_KINDS.includes(node.kind ?? node['x-kind'] ?? '') ? [...nested, `${where}: ${name}`] : nested;
};
const jsonOf = (schema: z.ZodType, io: 'input' | 'output' = 'input') => z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as FieldSchema;

/**
 * The bare dates of mounted calls, read from what the OpenAPI documents are built from (the `docs`
 * `buildApp` collects as each call registers): the body (or query) and form fields as taken, the
 * answer as given (zod's output, or the JSON Schema and the named schemas it refers to).
 */
const callDates = (docs: readonly CallDoc[]) => {
  // A named schema (a definition's row) is shared by many answers: checked once, under its name.
  const named = new Map<string, FieldSchema>();
  const found = docs.flatMap((d) => {
    const call = `${d.method} ${d.path}`;
    const { answer } = d;
    if (answer && !(answer instanceof z.ZodType)) for (const [name, c] of Object.entries(answer.components ?? {})) if (!named.has(name)) named.set(name, c);
    return [
      ...(d.body ? bareDates(`${call} body`, docSchema(d.body)) : []),
      ...(d.formFields ? bareDates(`${call} form`, docSchema(d.formFields)) : []),
      ...(answer ? bareDates(`${call} answer`, answer instanceof z.ZodType ? docSchema(answer, 'output') : answer.json) : []),
    ];
  });
  return [...found, ...[...named].flatMap(([name, c]) => bareDates(`schema ${name}`, c))];
};

/** Lark's dialect (server/lark/): its path, query and body as taken, its answer as given. */
const larkDates = (calls: readonly LarkCall[]) =>
  calls.flatMap((c) => {
    const call = `${c.method} ${c.path}`;
    return [
      ...(['params', 'query', 'body'] as const).flatMap((part) => (c[part] ? bareDates(`${call} ${part}`, jsonOf(c[part])) : [])),
      ...bareDates(`${call} answer`, jsonOf(c.answer, 'output')),
    ];
  });

/** The event types' payloads (server/seed/event-types.ts), as apps receive them. */
const eventDates = (types: readonly EventType[]) => types.flatMap((t) => bareDates(`event ${t.code}`, t.payload as FieldSchema));

describe('dates and times', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => s?.close());

  it('every date or time field of every definition, its screens and its named calls uses date() or datetime()', () => {
    const found = resources.flatMap((def) => [
      ...bareDates(def.name, jsonOf(z.object({ ...def.schema.shape, ...(def.internal?.shape ?? {}) }))),
      ...def.api.mounts.flatMap((mount) =>
        Object.entries(mount.calls).flatMap(([segment, raw]) => {
          const spec = specOf(raw);
          const input = spec.handler ? (handlers[spec.handler] as { input?: z.ZodType | ((m: Mount, d: typeof def) => z.ZodType) } | undefined)?.input : undefined;
          return input ? bareDates(`${mount.base}/${segment}`, jsonOf(typeof input === 'function' ? input(mount, def) : input)) : [];
        }),
      ),
    ]);
    expect(found).toEqual([]);
  });

  it("every mounted call's body, query and answer (the console's, the routes', the open API's, Lark's) and every event's payload uses date() or datetime()", () => {
    // Everything the OpenAPI documents show: the engine's mounts, server/routes/*, the open API.
    expect(s.docs.length).toBeGreaterThan(300);
    for (const c of openApiCalls) expect(s.docs.map((d) => d.path), c.path).toContain(c.path);
    expect(callDates(s.docs)).toEqual([]);
    expect(larkDates(larkCalls)).toEqual([]);
    expect(eventDates(eventTypes())).toEqual([]);
  });

  it('the check catches a date held as a plain string, by its name or its format', () => {
    const loose = z.object({ due_at: z.string(), born: z.iso.date(), window: z.object({ from: z.string().nullable() }), opens: z.string() });
    expect(bareDates('x', jsonOf(loose))).toEqual(['x: due_at', 'x: born', 'x: from']);
  });

  it("the check catches one in a call's body or answer, zod or JSON Schema, and in an event's payload", () => {
    const docs: CallDoc[] = [
      {
        method: 'POST', path: '/open/x/page', tag: 'x', summary: 'x', public: false,
        body: z.object({ from: z.string().optional(), to: datetime().optional() }),
        answer: z.object({ list: z.array(z.object({ paid_at: z.iso.datetime().nullable(), made_at: datetime() })) }),
      },
      {
        method: 'POST', path: '/open/x/get', tag: 'x', summary: 'x', public: false,
        answer: {
          json: { allOf: [{ $ref: '#/components/schemas/x' }, { type: 'object', properties: { seen_at: { type: 'string', format: 'date-time' } } }] },
          components: { x: { type: 'object', properties: { created_at: { type: 'string', format: 'date-time' }, updated_at: docSchema(datetime(), 'output'), day: { anyOf: [{ type: 'string' }, { type: 'null' }] } } } },
        },
      },
    ];
    expect(callDates(docs)).toEqual([
      'POST /open/x/page body: from',
      'POST /open/x/page answer: paid_at',
      'POST /open/x/get answer: seen_at',
      'schema x: created_at',
      'schema x: day',
    ]);
    const events = eventTypesOf([{ schema: z.object({ due_date: z.string(), paid_at: datetime() }), api: { events: { scope: unknownScope('x'), created: unknownEvent('x.created_v1') } } }]);
    expect(eventDates(events)).toEqual(['event x.created_v1: due_date']);
  });
});

/** One call of each permission code a mount checks, with the body its verb needs least. */
const codes = resources.flatMap((def) =>
  def.api.mounts.flatMap((mount) =>
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

describe('scopes, events, the open API and generated menus are cross-checked', () => {
  const scopes: readonly string[] = SCOPES;
  it('on the registry, nothing is missing', () => {
    expect(undeclaredScopes(resources, scopes)).toEqual([]);
    expect(unlabelledScopes(scopes)).toEqual([]);
    expect(eventProblems(resources, eventTypes(), scopes)).toEqual([]);
    // Every declared code is emitted (by a definition or the server): none is declared and forgotten.
    expect(EVENT_CODES.filter((code) => !eventTypes().some((t) => t.code === code))).toEqual([]);
    expect(openApiProblems(openApiCalls, resources, scopes)).toEqual([]);
    expect(menuProblems(resources)).toEqual([]);
  });

  // A broken fixture per link: each check can fail, and says which definition and what to add.
  it('a scope a definition names but nobody declared', () => {
    const broken: ResourceDef = { ...holiday, api: { ...holiday.api, openApi: { page: unknownScope('holiday:readonly') }, events: { scope: unknownScope('holiday:events'), created: unknownEvent('holiday.created_v1') } } };
    expect(undeclaredScopes([broken], scopes)).toEqual([
      'holiday: openApi.page names scope "holiday:readonly", which resources/scopes.ts does not declare',
      'holiday: events name scope "holiday:events", which resources/scopes.ts does not declare',
    ]);
  });
  it('a declared scope without its labels', () => {
    expect(unlabelledScopes([...scopes, 'holiday:readonly'])).toContain('scope "holiday:readonly" has no name in hk: add resources.api-group.seeded.holiday:readonly.name to i18n/resources/hk.ts');
  });
  it('an emitted event the catalogue lacks, a catalogued event whose scope is undeclared or which has no labels', () => {
    const broken: ResourceDef = { ...holiday, api: { ...holiday.api, events: { scope: 'contact:member:readonly', created: unknownEvent('holiday.created_v1') } } };
    expect(eventProblems([broken], eventTypes(), scopes)).toEqual([
      'holiday: events.created emits "holiday.created_v1", which the event catalogue (server/seed/event-types.ts) lacks, so no app would receive it',
    ]);
    const catalogue = eventTypesOf([{ ...broken, api: { ...broken.api, events: { scope: unknownScope('holiday:events'), created: unknownEvent('holiday.created_v1') } } }]);
    expect(eventProblems([{ ...broken, api: { ...broken.api, events: { scope: unknownScope('holiday:events'), created: unknownEvent('holiday.created_v1') } } }], catalogue, scopes)).toEqual(
      expect.arrayContaining([
        'holiday: event "holiday.created_v1" needs scope "holiday:events", which resources/scopes.ts does not declare',
        'holiday: event "holiday.created_v1" has no name in en: add resources.event-info.seeded.holiday_created_v1.name to i18n/resources/en.ts',
      ]),
    );
  });
  it('an open-API call without a declared scope, a summary, or a BU mount to serve it', () => {
    // Only the operator's mount: nothing serves the app as a BU.
    const broken: ResourceDef = { ...holiday, api: { ...holiday.api, mounts: [holiday.api.mounts[0]], openApi: { page: unknownScope('holiday:readonly') } } };
    expect(openApiProblems(engineCalls([broken]), [broken], scopes)).toEqual([
      'holiday: /open/api/v1/holiday/page needs scope "holiday:readonly", which resources/scopes.ts does not declare',
      'holiday: /open/api/v1/holiday/page has no summary in zh: add it to i18n/open-api/zh.ts',
      'holiday: /open/api/v1/holiday/page has no summary in hk: add it to i18n/open-api/hk.ts',
      'holiday: /open/api/v1/holiday/page has no summary in en: add it to i18n/open-api/en.ts',
      'holiday: /open/api/v1/holiday/page is opened to apps, but the definition has no BU mount to serve it',
    ]);
  });
  it('a generated menu node or tenant page without a label', () => {
    // The fixture's labels live beside it (tests/fixtures/holiday-entity.ts), not in i18n/: to the check it has none.
    expect(menuProblems([...resources, holiday])).toEqual(
      expect.arrayContaining([
        'holiday: its menu node admin:holiday (/operation/holiday) has no label in hk: add menu.admin:holiday to i18n/ui/hk.ts or resources.holiday.name',
        'holiday: its menu node tenant:holiday (/business/holiday) has no label in zh: add menu.tenant:holiday to i18n/ui/zh.ts or resources.holiday.name',
        'holiday: its tenant page /business/holiday has no title in en: add resources.holiday.name',
      ]),
    );
  });
  it("a tenant page that shows no screen (the README recipe's step 2)", () => {
    const menuOnly = { ...holiday, admin: { ...holiday.admin, screens: holiday.admin.screens!.map((s) => (s.scene === 'tenant' ? { ...s, menuOnly: true } : s)) } };
    expect(menuProblems([...resources, menuOnly])).toContain(
      'holiday: its tenant page /business/holiday has no screen: drop its menuOnly, or add a tenant screen at /business/holiday or under it to a definition\'s admin.screens',
    );
    expect(menuProblems([...resources, holiday]).filter((p) => p.includes('no screen'))).toEqual([]);
  });
});
