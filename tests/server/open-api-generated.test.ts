import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { specOf } from '../../server/engine/spec.ts';
import { engineCalls } from '../../server/open-api/calls.ts';
import { listedStoreApp, samples } from '../fixtures/samples.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, tenantWithBu, uid } from '../helpers/tenant-flows.ts';
import { OAuthAgent, userToken } from '../helpers/oauth-agent.ts';

/**
 * Every verb a definition opens to apps (`openApi`), the day it declares it: no app token is a 401;
 * an app without the scope is refused, naming it; with it the call works as the app's BU, logged in
 * its call log; an app of BU A never reads, changes or deletes a row of BU B; a malformed body is a
 * sentence, never a fault. A store app's tenant token for a buyer (docs/lark.md, "Store apps") is the
 * same attacker in the buyer's BU, and holds only the scopes that buyer granted at installation. A
 * person's token (docs/oauth.md) acts with that person's permissions: a sub-account without the
 * grant is refused on every call though the app has the scope, and a revoked token on all of them.
 */
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
});
afterAll(() => s?.close());

const bearer = (t: string) => ({ headers: { authorization: `Bearer ${t}` }, lang: 'en' });
type Tenant = Awaited<ReturnType<typeof tenantWithBu>>;

/** An app of the tenant's BU with these scopes opened by an operator, its credentials and its token. */
const appOf = async (tenant: Tenant, scopes: string[]) => {
  const app = await s.post('/open/app/create', { name: `Gen ${uid()}`, code: `gen-${uid()}` }, { token: tenant.token });
  if (scopes.length) expect((await s.post('/open/admin/app/permissions/active-permissions', { guid: app.data.guid, group_codes: scopes }, { token: admin })).code).toBe(200);
  return { guid: app.data.guid as string, app_id: app.data.app_id as string, app_secret: app.data.app_secret as string, token: (await s.services.appTokens.issue(app.data.guid, 7200)).app_access_token as string };
};

const opened = resources.filter((d) => d.api.openApi);

describe.each(opened.map((def) => ({ name: def.name, def })))('$name', ({ def }: { def: ResourceDef }) => {
  const calls = engineCalls([def]);
  const mount = def.api.mounts.find((m) => m.scope === 'bu')!;
  const segment = (verb: string) => Object.entries(mount.calls).find(([, c]) => specOf(c).verb === verb)?.[0];
  const sample = samples[def.name];
  let A: Tenant;
  let B: Tenant;
  let app: Awaited<ReturnType<typeof appOf>>;
  /** A row of the tenant's BU, made through the console. */
  const rowOf = async (t: Tenant) => {
    const r = await s.post(`${mount.base}/${segment('add')}`, sample.add(uid()), { token: t.token });
    expect(r.code, r.message).toBe(200);
    return r.data.guid as string;
  };
  /** A token acting in A's BU (a buyer's tenant token, a person's token): it reads A's row and never reaches B's. */
  const reachesOnlyItsBu = async (c: (typeof calls)[number], token: string, mine: string, theirs: string) => {
    const call = (body: unknown) => s.post(c.path, body, bearer(token));
    if (c.verb === 'page') {
      const guids = (await call({ page: 1, page_size: 100 })).data.list.map((r: { guid: string }) => r.guid);
      expect(guids).toContain(mine);
      expect(guids).not.toContain(theirs);
    } else if (c.verb === 'get') {
      expect((await call({ guid: mine })).data?.guid).toBe(mine);
      expect((await call({ guid: theirs })).code).toBe(201);
    } else if (c.verb === 'update') {
      expect((await call({ guid: theirs, ...sample.update })).code).toBe(201);
    } else if (c.verb === 'delete') {
      expect((await call({ guid: theirs })).data?.deleted ?? 0).toBe(0);
    }
  };
  beforeAll(async () => {
    A = await tenantWithBu(s);
    B = await tenantWithBu(s);
    app = await appOf(A, [...new Set(Object.values(def.api.openApi!))]);
  });

  it('refuses a call without an app token, and an app without the scope, naming it', async () => {
    const bare = await appOf(A, []);
    for (const c of calls) {
      expect((await s.post(c.path, {})).status, c.path).toBe(401);
      const refused = await s.post(c.path, {}, bearer(bare.token));
      expect(refused.code, c.path).toBe(201);
      expect(refused.message, c.path).toContain(c.scope);
    }
  });

  it("works as the app's BU and never reaches another BU's rows", async () => {
    const theirs = await rowOf(B);
    const mine = await rowOf(A);
    for (const c of calls) {
      const call = (body: unknown) => s.post(c.path, body, bearer(app.token));
      if (c.verb === 'page') {
        const page = await call({ page: 1, page_size: 100 });
        expect(page.code, page.message).toBe(200);
        const guids = page.data.list.map((r: { guid: string }) => r.guid);
        expect(guids).toContain(mine);
        expect(guids).not.toContain(theirs);
      } else if (c.verb === 'tree') {
        const tree = await call({});
        expect(tree.code, tree.message).toBe(200);
        const flat = (nodes: { guid: string; children?: unknown[] }[]): string[] => nodes.flatMap((n) => [n.guid, ...flat((n.children ?? []) as never)]);
        expect(flat(tree.data)).not.toContain(theirs);
      } else if (c.verb === 'get') {
        expect((await call({ guid: mine })).data?.guid).toBe(mine);
        expect((await call({ guid: theirs })).code).toBe(201);
      } else if (c.verb === 'add') {
        const added = await call(sample.add(uid()));
        expect(added.code, added.message).toBe(200);
        expect((await call(sample.invalid.body)).code).toBe(201);
      } else if (c.verb === 'update') {
        expect((await call({ guid: theirs, ...sample.update })).code).toBe(201);
        const updated = await call({ guid: mine, ...sample.update });
        expect(updated.code, updated.message).toBe(200);
      } else if (c.verb === 'delete') {
        expect((await call({ guid: theirs })).data?.deleted ?? 0).toBe(0);
        expect((await s.post(`${mount.base}/${segment('get')}`, { guid: theirs }, { token: B.token })).code).toBe(200);
      }
      // Malformed bodies are sentences, never faults.
      for (const junk of [{ guid: 'not-a-guid' }, { page: -1, page_size: 'x' }, { name: 'x'.repeat(5000) }]) expect((await call(junk)).code, `${c.path} ${JSON.stringify(junk).slice(0, 40)}`).not.toBe(500);
    }
    if (def.api.openApi!.delete) {
      const deleted = await s.post(calls.find((c) => c.verb === 'delete')!.path, { guid: mine }, bearer(app.token));
      expect(deleted.code, deleted.message).toBe(200);
    }
    await s.services.apiLog.flush();
    const logged = await s.db.query<{ api_code: string }>('select distinct api_code from api_log where app_guid = $1', [app.guid]);
    expect(logged.rows.map((r) => r.api_code).sort()).toEqual(calls.map((c) => c.apiCode).sort());
  });

  it("a person's token acts as the person: their permissions in their BU; one without the grant, and a revoked token, are refused", async () => {
    const back = `https://example.com/gen/${uid()}`;
    expect((await s.post('/open/app/save-backurl', { app_guid: app.guid, redirect_urls: [back] }, { token: A.token })).code).toBe(200);
    const scope = `openid ${[...new Set(Object.values(def.api.openApi!))].join(' ')}`;
    const owner = await userToken(OAuthAgent.overInject(s.app), A.token, app, back, scope);
    const sub = await activeSub(s, A.token);
    const ungranted = await userToken(OAuthAgent.overInject(s.app), sub.token, app, back, scope);
    const [theirs, mine] = [await rowOf(B), await rowOf(A)];
    for (const c of calls) {
      const body = c.verb === 'add' ? sample.add(uid()) : c.verb === 'update' ? { guid: mine, ...sample.update } : { guid: mine, page: 1, page_size: 100 };
      const refused = await s.post(c.path, body, bearer(ungranted.accessToken));
      expect(refused.code, `${c.path}: ${refused.message}`).toBe(201);
      expect(refused.message, c.path).toBe('You have no access rights yet. Please contact the administrator.');
      await reachesOnlyItsBu(c, owner.accessToken, mine, theirs);
    }
    expect((await s.post('/open/system/app-authorisation/delete', { guid: owner.authorisation }, { token: A.token })).code).toBe(200);
    for (const c of calls) expect((await s.post(c.path, {}, bearer(owner.accessToken))).status, c.path).toBe(401);
  });

  it("a store app's tenant token for buyer A acts in A's BU only, within the scopes A granted it", async () => {
    const store = await listedStoreApp((path, body) => s.post(path, body, { token: admin }), `isv${uid()}`);
    const appToken = (await s.services.appTokens.issue(store.guid, 7200)).app_access_token;
    // By an operator's grant (never a consent), or bought by A with consent to what the app asks.
    const install = async (by: 'operator' | 'buyer' = 'operator') => {
      const made = by === 'operator'
        ? await s.post('/open/admin/system/bu-management/app/install', { bu_guid: A.buGuid, app_guid: store.guid }, { token: admin })
        : await s.post('/open/app/market/app-purchase/use', { guid: store.guid }, { token: A.token });
      expect(made.code, made.message).toBe(200);
      const key = (await s.db.query<{ tenant_key: string }>('select tenant_key from installed_app where app_guid = $1 and bu_guid = $2', [store.guid, A.buGuid])).rows[0].tenant_key;
      const bought = await s.post('/open/api/auth/tenant-access-token', { app_access_token: appToken, tenant_key: key });
      expect(bought.code, bought.message).toBe(200);
      return bought.data.tenant_access_token as string;
    };
    // Installed before its scopes were opened: A granted none, so opening them later grants nothing.
    const ungranted = await install();
    expect((await s.post('/open/admin/app-manage/permissions/active-permissions', { guid: store.guid, group_codes: [...new Set(Object.values(def.api.openApi!))] }, { token: admin })).code).toBe(200);
    for (const c of calls) {
      const refused = await s.post(c.path, {}, bearer(ungranted));
      expect(refused.code, c.path).toBe(201);
      expect(refused.message, c.path).toContain(c.scope);
    }
    const uninstall = async () => expect((await s.post('/open/admin/system/bu-management/app/uninstall', { bu_guid: A.buGuid, app_guid: store.guid }, { token: admin })).code).toBe(200);
    await uninstall();
    expect((await s.post(calls[0].path, {}, bearer(ungranted))).status).toBe(401);
    // An operator installing it again, its scopes open, still grants nothing: an insider cannot reach A's rows through a grant.
    const granted = await install();
    for (const c of calls) expect((await s.post(c.path, {}, bearer(granted))).message, c.path).toContain(c.scope);
    // A consents on its enterprise apps page to what waits there: the same token has the scopes from its next call.
    const waiting = (await s.post('/open/installed-app/page', {}, { token: A.token })).data.list.find((r: { app_guid: string }) => r.app_guid === store.guid);
    expect(waiting.needs_consent).toBe(true);
    const consented = await s.post('/open/installed-app/consent', { guid: waiting.guid, scopes: waiting.pending_scopes }, { token: A.token });
    expect(consented.code, consented.message).toBe(200);
    for (const c of calls) expect((await s.post(c.path, {}, bearer(granted))).message ?? '', c.path).not.toContain(c.scope);
    await uninstall();
    // Bought by A with them open: the grant holds them.
    const token = await install('buyer');
    const [theirs, mine] = [await rowOf(B), await rowOf(A)];
    for (const c of calls) {
      await reachesOnlyItsBu(c, token, mine, theirs);
      if (c.verb === 'add') {
        const added = await s.post(c.path, sample.add(uid()), bearer(token));
        expect(added.code, added.message).toBe(200);
        expect((await s.db.query(`select bu_guid from ${def.storage.table} where guid = $1`, [added.data.guid])).rows[0].bu_guid).toBe(A.buGuid);
      }
    }
  });
});
