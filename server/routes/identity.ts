import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { USER_TYPE } from '../auth/caller.ts';
import { verifyPassword } from '../auth/password.ts';
import { permissionTreeFor } from '../auth/permission-tree.ts';
import { clearAttempts, DEFAULT_THROTTLE, laneOf, LOGIN_RATE, rememberAddress, takeAttempt } from '../auth/throttle.ts';
import type { Lang } from '../../i18n/index.ts';
import { mailUnlockLink } from './unlock.ts';
import type { Services } from '../engine/context.ts';
import type { CallDoc } from '../http/calls.ts';
import { bespoke } from './bespoke.ts';
import { Warning, unauthorized } from '../http/envelope.ts';
import { parseOrWarn } from '../http/validation.ts';
import { recordLogin } from '../services/audit-log.ts';
import { idpLogoutUrl } from '../sso/logout.ts';
import { account, permissionTree } from './answers.ts';

const loginInput = z.object({
  username: z.string().trim().min(1, 'validation.required').max(32, 'validation.max_32'),
  password: z.string().min(1, 'validation.required').max(128, 'validation.too_big'),
});

const PUBLIC_USER_COLUMNS = 'guid, username, name, alias, email, phone, avatar_url, status, user_type, role_guids, created_at';
/** What a login answers (the documents show it): the token, its expiry (Unix seconds) and the account. */
const loginAnswer = z.object({
  token: z.string(),
  exp: z.number().int(),
  user: z.object({ guid: z.uuid(), username: z.string(), name: z.string().nullable(), email: z.string().nullable(), status: z.number().int(), user_type: z.number().int() }).catchall(z.unknown()),
});

/** Password login for one kind of account; tenants' login comes with tenant identity. */
const login = async (services: Services, input: Record<string, unknown>, lang: Lang, ip: string, userTypes: number[]) => {
  const { username, password } = parseOrWarn(lang, loginInput, input, 'user');
  const { rows } = await services.db.query<{ guid: string; username: string; password: string; status: number; user_type: number; email: string | null; lang: string | null }>(
    'select guid, username, password, status, user_type, email, lang from users where username = $1 and user_type = any($2::smallint[])',
    [username, userTypes],
  );
  const found = rows[0];
  const lane = await laneOf(services.db, found?.guid, ip);
  await takeAttempt(services.db, username, DEFAULT_THROTTLE, lane, () => (found ? mailUnlockLink(services, lang, found) : Promise.resolve()));
  if (!(await verifyPassword(found?.password, password)) || !found) throw new Warning('server.login_failed');
  await clearAttempts(services.db, username, lane);
  if (found.status !== 0) throw new Warning('server.account_frozen');
  await rememberAddress(services.db, found.guid, ip);
  const { token, exp } = await services.tokens.issue(found, null);
  const user = (await services.db.query(`select ${PUBLIC_USER_COLUMNS} from users where guid = $1`, [found.guid])).rows[0];
  return { token, exp, user };
};

export const mountIdentity = (app: FastifyInstance, services: Services, docs: CallDoc[]) => {
  const call = bespoke(app, services, docs, 'identity');

  // Every attempt, success or refusal, goes to the login log (server/services/audit-log.ts).
  call({ path: '/open/admin/sys-auth/login', summary: 'Operator login', body: loginInput, answer: loginAnswer, limit: LOGIN_RATE }, { public: true }, ({ input, lang, req }) =>
    recordLogin(services.audit, { scene: 'admin', method: 'password', username: input.username, ip: req.ip, userAgent: req.headers['user-agent'] }, () => login(services, input, lang, req.ip, [USER_TYPE.operator])),
  );

  // After a company sign-in the answer names the IdP's logout address, for the browser to end that session too (docs/sso.md).
  call({ path: '/open/logout', answer: z.object({ idp_logout_url: z.string().describe("The company IdP's sign-out address, for the browser") }).nullable(), summary: 'Revoke the current token' }, {}, async ({ caller, req }) => {
    await services.tokens.revoke(caller.jti);
    services.callers.invalidate();
    const idp = await idpLogoutUrl(services, caller.jti, (err) => req.log.warn({ err }, 'IdP logout address failed'));
    return idp ? { idp_logout_url: idp } : null;
  });

  const info = async (guid: string) => {
    const { rows } = await services.db.query(`select ${PUBLIC_USER_COLUMNS} from users where guid = $1`, [guid]);
    if (!rows[0]) throw unauthorized();
    return rows[0];
  };
  call({ path: '/open/admin/user/info', answer: account, method: 'GET', summary: 'The calling operator' }, { scope: 'platform' }, async ({ caller }) => info(caller.userGuid));

  call({ path: '/open/admin/user/get-permission-auth', answer: permissionTree, summary: "The operator's permission tree" }, { scope: 'platform' }, async ({ caller }) => permissionTreeFor(services.db, caller));
  call({ path: '/open/user/get-permission-auth', answer: permissionTree, summary: "The caller's permission tree" }, {}, async ({ caller }) => permissionTreeFor(services.db, caller));
};
