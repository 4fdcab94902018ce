import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { ok, refused } from '../helpers/answers.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * A BU's approval processes (docs/tenant-console.md "Approval processes"): scope applications of
 * a BU with a process wait for its approvers, step by step, before the platform sees them; a
 * rejection or a withdrawal ends the run; apps that bound the process engine start and read runs.
 */
let s: TestServer;
let op: string;
let owner: Awaited<ReturnType<typeof tenantWithBu>>;
let reviewer: { token: string };
let outsider: { token: string };
let roleA: string;
let roleB: string;
let app: { guid: string };

const as = (who: { token: string }) => (path: string, body: unknown = {}) => s.post(path, body, { token: who.token, lang: 'en-US' });
const apply = (codes: string[]) => ok(as(owner)('/open/app/permissions/audit-record/apply-permissions', { app_guid: app.guid, group_codes: codes }));
const runOf = async (subject: string) => (await ok(as(owner)('/open/system/process/instance/list', { subject_guid: subject })))[0];

beforeAll(async () => {
  s = await startServer();
  op = await s.login();
  owner = await tenantWithBu(s);
  roleA = (await ok(as(owner)('/open/system/role/add', { name: `Lead ${uid()}` }))).guid;
  roleB = (await ok(as(owner)('/open/system/role/add', { name: `Security ${uid()}` }))).guid;
  reviewer = await s.tenant({ buGuid: owner.buGuid, owner: false, roleGuids: [roleA] });
  outsider = await s.tenant({ buGuid: owner.buGuid, owner: false, roleGuids: [] });
  app = await ok(as(owner)('/open/app/create', { name: `Portal ${uid()}`, code: `portal-${uid()}` }));
});
afterAll(() => s?.close());

describe('scope applications through the BU’s process', () => {
  it('a process needs steps with the BU’s own roles, and one enabled process takes the applications', async () => {
    const other = await tenantWithBu(s);
    const foreign = (await ok(as(other)('/open/system/role/add', { name: 'Foreign' }))).guid;
    await refused(as(owner)('/open/system/process/add', { name: 'Bad', code: 'bad', trigger: 'scope_application', steps: [{ name: 'Check', role_guid: foreign }] }), /approver role of this business unit/);
    await refused(as(owner)('/open/system/process/add', { name: 'Empty', code: 'empty', trigger: 'scope_application', steps: [] }), /Steps/);
    await ok(as(owner)('/open/system/process/add', { name: 'Scope review', code: 'scope', trigger: 'scope_application', steps: [{ name: 'Team lead', role_guid: roleA }, { name: 'Security', role_guid: roleB }] }));
    await refused(as(owner)('/open/system/process/add', { name: 'Second', code: 'second', trigger: 'scope_application', steps: [{ name: 'x', role_guid: roleA }] }), /Only one enabled process/);
  });

  it('an application waits for the BU, each step by its approver, then reaches the platform', async () => {
    const record = await apply(['contact:member:readonly']);
    expect(record.status).toBe(4);
    // The platform neither lists it as waiting nor decides it yet.
    const waiting = await ok(s.post('/open/admin/app/permissions/audit-record/wait-audit/items-by-app-guid', { app_guid: app.guid }, { token: op }));
    expect(waiting.map((r: { guid: string }) => r.guid)).not.toContain(record.guid);
    expect((await s.post('/open/admin/app/permissions/audit-record/open-audit', { guid: record.guid }, { token: op })).code).not.toBe(200);

    const run = await runOf(record.guid);
    expect(run).toMatchObject({ state: 0, step: 0, step_name: 'Team lead', subject_kind: 'audit-record' });
    await refused(as(outsider)('/open/system/process/instance/approve', { guid: run.guid }), /./);
    await ok(as(reviewer)('/open/system/process/instance/approve', { guid: run.guid, remark: 'Fine by me' }));
    // The second step's role is not the reviewer's.
    await refused(as(reviewer)('/open/system/process/instance/approve', { guid: run.guid }), /Only holders of the role of the step "Security"/);
    const done = await ok(as(owner)('/open/system/process/instance/approve', { guid: run.guid }));
    expect(done).toMatchObject({ state: 1, step_name: null });
    await refused(as(owner)('/open/system/process/instance/approve', { guid: run.guid }), /already decided/);

    expect((await ok(as(owner)('/open/app/permissions/audit-record/info', { guid: record.guid }))).status).toBe(0);
    const history = await ok(as(owner)('/open/system/process/step/by-subject', { subject_guid: record.guid }));
    expect(history.map((h: { action: string; step_name: string }) => `${h.action} ${h.step_name}`)).toEqual(['start Team lead', 'approve Team lead', 'approve Security']);
    expect(history[1].remark).toBe('Fine by me');
    const seenByOperator = await ok(s.post('/open/admin/process/step/list', { subject_guid: record.guid }, { token: op }));
    expect(seenByOperator).toHaveLength(3);
    await ok(s.post('/open/admin/app/permissions/audit-record/open-audit', { guid: record.guid }, { token: op }));
  });

  it('a rejection ends the run and the application, with the BU’s reason; its scopes close', async () => {
    const record = await apply(['org:company:readonly']);
    const run = await runOf(record.guid);
    await ok(as(reviewer)('/open/system/process/instance/reject', { guid: run.guid, remark: 'Not needed' }));
    const after = await ok(as(owner)('/open/app/permissions/audit-record/info', { guid: record.guid }));
    expect(after.status).toBe(2);
    expect(after.remark).toMatch(/Scope review.*Not needed/);
    const scopes = await ok(as(owner)('/open/app/permissions/list', { guid: app.guid }));
    expect(scopes.find((g: { code: string }) => g.code === 'org:company:readonly').status).toBe(0);
  });

  it('withdrawing a waiting application ends its run; applying again starts a new one', async () => {
    const record = await apply(['org:project:readonly']);
    await ok(as(owner)('/open/app/permissions/audit-record/close-audit', { guid: record.guid }));
    expect((await runOf(record.guid)).state).toBe(3);
    const again = await ok(as(owner)('/open/app/permissions/audit-record/open-audit', { guid: record.guid }));
    expect(again.status).toBe(4);
    const runs = await ok(as(owner)('/open/system/process/instance/list', { subject_guid: record.guid }));
    expect(runs.map((r: { state: number }) => r.state).sort()).toEqual([0, 3]);
  });

  it('another BU sees none of it', async () => {
    const other = await tenantWithBu(s);
    expect((await ok(as(other)('/open/system/process/page', {}))).count).toBe(0);
    expect((await ok(as(other)('/open/system/process/instance/page', {}))).count).toBe(0);
  });
});

describe('the process engine through the open API', () => {
  it('only an app that bound the ability starts runs, of an enabled open-API process; it reads its own runs', async () => {
    await ok(as(owner)('/open/system/process/add', { name: 'Leave', code: 'leave', trigger: 'open_api', steps: [{ name: 'Lead', role_guid: roleA }] }));
    const token = (await s.services.appTokens.issue(app.guid, 7200)).app_access_token;
    const call = (path: string, body: unknown) => s.post(path, body, { token, lang: 'en-US' });
    await refused(call('/open/api/v1/process/start', { process_code: 'leave', title: 'Two days off' }), /has not bound the ability process-engine/);
    await ok(as(owner)('/open/app/ability/bind', { guid: app.guid, ability_codes: ['process-engine'] }));
    await refused(call('/open/api/v1/process/start', { process_code: 'scope', title: 'x' }), /no enabled process with the code scope/);
    const run = await ok(call('/open/api/v1/process/start', { process_code: 'leave', title: 'Two days off', data: { days: 2 } }));
    expect(run).toMatchObject({ state: 0, step_name: 'Lead', subject_kind: 'open-api', app_guid: app.guid, data: { days: 2 } });
    await ok(as(reviewer)('/open/system/process/instance/approve', { guid: run.guid }));
    const read = await ok(call('/open/api/v1/process/instance/get', { guid: run.guid }));
    expect(read.state).toBe(1);
    expect(read.history.map((h: { action: string }) => h.action)).toEqual(['start', 'approve']);
    // Another app of the BU does not read it.
    const second = await ok(as(owner)('/open/app/create', { name: `Other ${uid()}`, code: `other-${uid()}` }));
    await ok(as(owner)('/open/app/ability/bind', { guid: second.guid, ability_codes: ['process-engine'] }));
    const otherToken = (await s.services.appTokens.issue(second.guid, 7200)).app_access_token;
    expect((await s.post('/open/api/v1/process/instance/get', { guid: run.guid }, { token: otherToken })).code).not.toBe(200);
  });
});
