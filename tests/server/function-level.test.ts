import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import type { CallDoc } from '../../server/http/calls.ts';
import { startServer } from '../helpers/server.ts';
import { activeSub, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * The function-level matrix, generated from the server's own registry (`s.docs`): every call is
 * refused to a caller who lacks the function, before its body is looked at.
 *
 * - a BU owner on every operator call: operator paths, and calls guarded by an operator (`admin:`)
 *   permission wherever they are mounted (a BU owner holds every tenant code, never an operator's);
 * - a sub-account without grants on every tenant-side call that declares a permission, and on every
 *   tenant-side call without one that is not personal (the caller's own account, BUs and settings);
 * - an operator holding one unrelated grant on every operator call that declares another permission;
 * - and that same operator is let through on the calls of the one permission it holds.
 *
 * A refusal is code 201 with HTTP 200 and one of the server's authorisation sentences, or HTTP
 * 401/403. A 404 is no refusal (the call is mounted), and neither is a validation sentence: the
 * server checks authorisation first, so a caller who gets as far as validation got past it.
 */
const s = await startServer();
afterAll(() => s.close());

const isOperatorPath = (path: string) => path.startsWith('/open/admin/') || path.startsWith('/open/system/admin/');
/** Calls guarded by an operator permission: operator paths, and the catalogue calls that declare an `admin:` code. */
const isOperatorCall = (d: CallDoc) => isOperatorPath(d.path) || !!d.permission?.startsWith('admin:');

/**
 * Non-public calls that rightly need no permission: each acts on the caller's own account, sessions,
 * BUs (the `bu` rows the caller created) or preferences, or reads what every signed-in caller may.
 * A call landing without a permission must be added here on purpose, or it fails this suite.
 */
const PERSONAL: Record<string, string> = {
  '/open/logout': 'ends the own session',
  '/open/admin/sys-announcement/get-announcement-unread-quantity': "the operator's own unread messages (the header badge)",
  '/open/file/preview': "a file the caller may read by the file's own rule (server/files/access.ts: public, its own upload, or named by a record it may read), as a download",
  '/open/admin/file/preview': "the same for operators: the file's own rule decides, not one permission (a work order's attachment needs admin:work-order:view)",
  '/open/file/image-upload': "an image for the record field the form names: the caller's own permission to write that definition decides (server/files/image-upload.ts mayWrite), before any byte is kept",
  '/open/admin/user/info': 'the calling operator',
  '/open/admin/user/get-permission-auth': "the operator's own permission tree",
  '/open/user/get-permission-auth': "the caller's own permission tree",
  '/open/system/user-bu/list': "the caller's BUs",
  '/open/system/user-bu/select': 'switch to one of the own BUs',
  '/open/system/user-bu/role-list': "the caller's roles in the current BU",
  '/open/system/user/info': 'the calling account',
  '/open/system/user/update-personal-real-name': 'own profile',
  '/open/system/user/update-personal-email': 'own profile',
  '/open/system/user/update-personal-email-verify': 'own profile',
  '/open/system/user/update-master-username': 'own username (main accounts only)',
  '/open/system/user/update-password': 'own password',
  '/open/system/user/send-phone-verification-code': 'own phone number (refused: no SMS transport)',
  '/open/system/user/update-personal-phone': 'own phone number (refused: no SMS transport)',
  '/open/system/resource/list': "the caller's own permission resources (get-permission-auth, flat)",
  '/open/system/user-info/update': 'own profile',
  '/open/system/user-info/check-exist': 'sign-up style availability check',
  '/open/oauth/interaction/allow': "the caller authorises an app to act as themselves, on the consent screen this browser opened (docs/oauth.md)",
  '/open/system/app-authorisation/page': 'the apps the caller authorised (Authorised apps)',
  '/open/system/app-authorisation/get': 'one of the apps the caller authorised',
  '/open/system/app-authorisation/delete': 'revokes an app the caller authorised',
  '/open/sso/link/info': "whether the caller's own company sign-in is linked",
  '/open/sso/link/start': "links the caller's own company sign-in (the IdP account it proves it holds)",
  '/open/sso/link/finish': "collects the caller's own link, in the browser that started it",
  '/open/sso/link/remove': "unlinks the caller's own company sign-in",
  '/open/system/column-config/list': 'column layouts every console reads',
  '/open/system/column-config/settings': "a list's column set, with the caller's own hidden columns and views",
  '/open/system/column-preference/list': 'own column preferences',
  '/open/system/column-preference/get': 'own column preferences',
  '/open/system/column-preference/add': 'own column preferences',
  '/open/system/column-preference/update': 'own column preferences',
  '/open/system/column-preference/delete': 'own column preferences',
  '/open/system/saved-view/list': 'own saved views',
  '/open/system/saved-view/get': 'own saved views',
  '/open/system/saved-view/add': 'own saved views',
  '/open/system/saved-view/update': 'own saved views',
  '/open/system/saved-view/delete': 'own saved views',
  '/open/system/bu/add': 'creates a BU the caller owns',
  '/open/system/bu/add-detail': 'creates a BU the caller owns',
  '/open/system/bu/get': 'BUs the caller created (scope user)',
  '/open/system/bu/update': 'BUs the caller created (scope user)',
  '/open/system/bu/list': 'BUs the caller created (scope user)',
  '/open/system/bu/update-status': 'BUs the caller created (scope user)',
  '/open/system/dict/list-by-type': 'dictionary values every console reads',
  '/open/system/dict/platform/page': 'the platform dictionary every console reads (read-only)',
  '/open/system/dict/platform/get': 'the platform dictionary every console reads (read-only)',
  '/open/system/bu-dict/list-by-type': "dictionary values (the platform's and the own BU's) every member reads",
  '/open/system/process/instance/approve': "decides a step only a holder of the step's role (or the BU's owner) decides, checked by its handler",
  '/open/system/process/instance/reject': "decides a step only a holder of the step's role (or the BU's owner) decides, checked by its handler",
};

const lang = 'en' as const;
const AUTHZ = new Set(['server.no_access', 'server.operators_only', 'server.tenants_only', 'server.bu_required', 'server.not_logged_in'].map((k) => translate(lang, k)));

interface Answer {
  status: number;
  code: unknown;
  message: unknown;
}
/** The call as mounted (GET calls take the body as their query string). */
const call = async (doc: CallDoc, body: Record<string, unknown>, token: string): Promise<Answer> => {
  const get = doc.method === 'GET';
  const r = await s.app.inject({
    method: doc.method,
    url: get ? `${doc.path}?${new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]))}` : doc.path,
    payload: get ? undefined : JSON.stringify(body),
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US', ...(get ? {} : { 'content-type': 'application/json' }) },
  });
  let json: { code?: unknown; message?: unknown } = {};
  try {
    json = r.json();
  } catch {
    json = { message: r.body.slice(0, 120) };
  }
  return { status: r.statusCode, code: json.code, message: json.message };
};
const show = (r: Answer) => `HTTP ${r.status} code ${r.code}: ${r.message}`;
/** Null for a refusal on authorisation, else what the call answered instead. */
const notRefused = (r: Answer) => {
  if (r.code === 200) return `allowed (${show(r)})`;
  if (r.status === 404) return `answered 404 for a mounted call (${show(r)})`;
  if ((r.status === 401 || r.status === 403) && r.code === 201) return null;
  if (r.status === 200 && r.code === 201 && AUTHZ.has(String(r.message))) return null;
  return `not refused on authorisation (${show(r)})`;
};
const body = () => ({ guid: randomUUID() });

const docs = s.docs.filter((d) => !d.public);
const operatorCalls = docs.filter((d) => isOperatorPath(d.path));
const tenantCalls = docs.filter((d) => !isOperatorPath(d.path));
const tenantWithPermission = tenantCalls.filter((d) => d.permission);
const tenantWithout = tenantCalls.filter((d) => !d.permission && !(d.path in PERSONAL));

/** The one grant of the restricted operator: the operator-side `:view` code with the most calls. */
const viewCodes = new Map<string, number>();
for (const d of operatorCalls) if (d.permission?.endsWith(':view')) viewCodes.set(d.permission, (viewCodes.get(d.permission) ?? 0) + 1);
const HELD = [...viewCodes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
const operatorRestricted = docs.filter((d) => isOperatorCall(d) && d.permission && d.permission !== HELD);
const operatorHeld = docs.filter((d) => d.permission === HELD);

/** Fresh sessions per call, so a call that wrongly ends one cannot hide the next call's answer. */
const issue = async (u: { guid: string; userType: number; buGuid: string | null }) => (await s.services.tokens.issue({ guid: u.guid, user_type: u.userType }, u.buGuid)).token;
let owner: { guid: string; userType: number; buGuid: string | null };
let sub: { guid: string; userType: number; buGuid: string | null };
let restricted: { guid: string; userType: number; buGuid: string | null };

beforeAll(async () => {
  const admin = await s.login();
  const ok = async (url: string, b: unknown) => {
    const r = await s.post(url, b, { token: admin });
    if (r.code !== 200) throw new Error(`${url}: ${r.message}`);
    return r.data;
  };
  const o = await tenantWithBu(s);
  owner = { guid: o.guid, userType: 1, buGuid: o.buGuid };
  const sa = await activeSub(s, o.token);
  sub = { guid: sa.guid, userType: 2, buGuid: o.buGuid };
  // A platform role holding the single node HELD, and an operator with only that role, through the API.
  const nodes = (await ok('/open/admin/system/permission/list', { keyword: HELD })) as { guid: string; code: string }[];
  const node = nodes.find((n) => n.code === HELD);
  if (!node) throw new Error(`no permission node ${HELD}`);
  const role = await ok('/open/admin/system/role/add', { name: `Only ${uid()}` });
  await ok('/open/admin/system/role/auth', { guid: role.guid, permission_guids: [node.guid] });
  const name = `only_${uid()}`;
  const user = await ok('/open/admin/system/user/add', { username: name, password: 'Limited123', role_guids: [role.guid] });
  await s.login(name, 'Limited123');
  restricted = { guid: user.guid, userType: 0, buGuid: null };
});

it('the matrix covers the registry', () => {
  expect(operatorCalls.length).toBeGreaterThan(50);
  expect(tenantWithPermission.length).toBeGreaterThan(40);
  expect(operatorRestricted.length).toBeGreaterThan(40);
  expect(operatorHeld.length).toBeGreaterThan(1);
});

it('every non-public call declares a permission, or is listed as personal', () => {
  const missing = docs.filter((d) => !d.permission && !(d.path in PERSONAL)).map((d) => `${d.method} ${d.path}`);
  expect(missing, `calls without a permission that are not personal: ${missing.join(', ')}`).toEqual([]);
  const stale = Object.keys(PERSONAL).filter((p) => !s.docs.some((d) => d.path === p && !d.permission && !d.public));
  expect(stale, `PERSONAL names calls not mounted as non-public without a permission: ${stale.join(', ')}`).toEqual([]);
});

describe('a BU owner on every operator call', () => {
  it.each(docs.filter(isOperatorCall).map((d) => [`${d.method} ${d.path}`, d] as const))('%s', async (_, d) => {
    const r = await call(d, body(), await issue(owner));
    const problem = notRefused(r);
    expect(problem, `BU owner on ${d.path}: ${problem}`).toBeNull();
  });
});

describe('a sub-account without grants on every tenant call that declares a permission', () => {
  it.each(tenantWithPermission.map((d) => [`${d.path} (${d.permission})`, d] as const))('%s', async (_, d) => {
    const r = await call(d, body(), await issue(sub));
    const problem = notRefused(r);
    expect(problem, `sub-account without grants on ${d.path} (${d.permission}): ${problem}`).toBeNull();
  });
});

describe('a sub-account without grants on every tenant call that declares no permission and is not personal', () => {
  if (!tenantWithout.length) it('none: every such call declares a permission', () => expect(tenantWithout).toEqual([]));
  else {
    it.each(tenantWithout.map((d) => [d.path, d] as const))('%s', async (_, d) => {
      const r = await call(d, body(), await issue(sub));
      const problem = notRefused(r);
      expect(problem, `sub-account without grants on ${d.path} (no permission declared): ${problem}`).toBeNull();
    });
  }
});

describe(`an operator holding only ${HELD}`, () => {
  it.each(operatorRestricted.map((d) => [`${d.path} (${d.permission})`, d] as const))('is refused %s', async (_, d) => {
    const r = await call(d, body(), await issue(restricted));
    const problem = notRefused(r);
    expect(problem, `operator holding only ${HELD} on ${d.path} (${d.permission}): ${problem}`).toBeNull();
  });
  it.each(operatorHeld.map((d) => [d.path, d] as const))('is let through %s', async (_, d) => {
    const r = await call(d, body(), await issue(restricted));
    const refusedOnAuth = r.code !== 200 && notRefused(r) === null;
    expect(refusedOnAuth, `operator holding ${HELD} on ${d.path}: ${show(r)}`).toBe(false);
    expect([200, 201], show(r)).toContain(r.code);
    expect(r.status, show(r)).toBe(200);
  });
});
