import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Warning } from '../http/envelope.ts';
import { cookieOf } from '../http/cookies.ts';
import { LOGIN_RATE } from '../auth/throttle.ts';
import type { Services } from '../engine/context.ts';
import type { CallDoc } from '../http/calls.ts';
import { parseOrWarn } from '../http/validation.ts';
import { loginResultOf, recordLogin } from '../services/audit-log.ts';
import { safePolicyOf, tokenTtlOf, assertIpAllowed } from '../services/policy.ts';
import { handOff, settleFlow, startFlow, takeFlow, type Flow } from '../sso/flows.ts';
import { oidcFinish, oidcStart } from '../sso/oidc.ts';
import { accountFor, type Identity } from '../sso/provision.ts';
import { samlFinish, samlStart, spMetadata } from '../sso/saml.ts';
import { recordSsoSession } from '../sso/sessions.ts';
import { companyOf, settingsOf, ssoOffered, type SsoSettings } from '../sso/settings.ts';
import { bespoke } from './bespoke.ts';
import { mountSsoLink } from './sso-link.ts';
import { userRow } from './tenant-auth.ts';
import { tenantSession } from './answers.ts';

/** The cookie proving which browser brought the IdP's answer back (server/sso/flows.ts). */
const PROOF_COOKIE = 'op_sso_proof';

/** A same-site path to land on after signing in: never another origin (`//host`, `/\host`) nor a scheme. */
const samePath = () =>
  z.string().max(500).regex(/^\/(?![/\\])[^\s\\]*$/, 'validation.invalid_option').optional();

const startInput = z.object({
  /** The company's code, or the person's e-mail address (its domain, which one BU claims). */
  company: z.string().trim().min(1, 'validation.required').max(253, 'validation.too_big'),
  redirect: samePath(),
});
const finishInput = z.object({ flow: z.string().max(64), binding: z.string().min(1).max(64) });

/**
 * Company sign-in (docs/sso.md): "Sign in with your company" starts a flow and sends the person to
 * their BU's IdP; its answer comes back to the callback (OIDC) or the ACS (SAML), is checked, and
 * finds or provisions the account; the console then collects a session like a password login's
 * (the BU's token lifetime and IP whitelist, a login-log row naming the protocol).
 */
export const mountSso = (app: FastifyInstance, services: Services, docs: CallDoc[]) => {
  const call = bespoke(app, services, docs, 'tenant-identity');

  /** A flow to the BU's IdP: a sign-in, or (`linkUser`) an account linking its own subject; what was typed names a refusal in the login log. */
  const begin = async (s: SsoSettings, f: { redirect: string | null; typed: string; linkUser: string | null }) => {
    const pending = await startFlow(services, { bu_guid: s.bu_guid, protocol: s.protocol, secrets: {}, redirect: f.redirect, link_user: f.linkUser });
    const { url, secrets } = s.protocol === 'oidc' ? await oidcStart(services, s, pending.state) : await samlStart(services, s, pending.state);
    await services.db.query('update sso_flow set secrets = $2 where guid = $1', [pending.guid, services.sealer.seal(JSON.stringify({ ...secrets, typed: f.typed }), `sso_flow:${pending.guid}`)]);
    return { url, flow: pending.guid, binding: pending.binding };
  };
  const flowAnswer = z.object({ url: z.string().describe("The IdP's address to go to"), flow: z.uuid(), binding: z.string().describe('Kept by the browser to collect the outcome') });

  call({ path: '/open/sso/start', answer: flowAnswer, summary: 'Start a company sign-in: the IdP address to go to', body: startInput, limit: LOGIN_RATE }, { public: true }, async ({ input, lang, req }) => {
    const { company, redirect } = parseOrWarn(lang, startInput, input, 'auth-config');
    // Asking for a company no BU offers sign-in for is a refused sign-in: it leaves a login-log row.
    const s = await settingsOf(services, await companyOf(services.db, company).catch(() => '')).catch(() => null);
    if (!ssoOffered(s)) {
      services.audit.login({ scene: 'tenant', method: 'oidc', username: company, result: 'sso_unknown_company', ip: req.ip, userAgent: req.headers['user-agent'] });
      throw new Warning('server.sso.unknown_company');
    }
    return begin(s, { redirect: redirect ?? null, typed: company, linkUser: null });
  });

  mountSsoLink(call, services, { begin, flowAnswer, proofOf: (req) => cookieOf(req, PROOF_COOKIE) });

  /** An IdP's answer: checked, the account found (or, in link mode, the subject kept for the account to collect), the outcome kept for the console; a sign-in's refusal is logged here. */
  const answer = async (req: FastifyRequest, reply: FastifyReply, flow: Flow | null, check: (f: Flow) => Promise<{ identity: Identity; hint: string }>) => {
    // Linking is no sign-in: its refusal is only shown, in personal settings.
    const log = (result: string, username: string, userGuid: string | null = null) =>
      flow?.link_user ? undefined : services.audit.login({ scene: 'tenant', method: flow?.protocol ?? 'oidc', username, userGuid, result, ip: req.ip, userAgent: req.headers['user-agent'] });
    if (!flow) {
      log('sso_rejected', '');
      return reply.redirect(`${services.publicUrl}/login/sso?flow=lost`, 303);
    }
    let username = flow.secrets.typed ?? '';
    let outcome: Parameters<typeof settleFlow>[2];
    try {
      const s = await settingsOf(services, flow.bu_guid);
      if (!ssoOffered(s) || s.protocol !== flow.protocol) throw new Warning('server.sso.unknown_company');
      const { identity, hint } = await check(flow);
      username = identity.email ?? identity.username ?? identity.subject;
      if (flow.link_user) outcome = { link: { issuer: identity.issuer, subject: identity.subject } };
      else {
        const user = await accountFor(services, s, identity);
        outcome = { user_guid: user.guid, username: user.username, hint };
      }
    } catch (e) {
      if (!(e instanceof Warning)) req.log.error({ err: e }, 'company sign-in failed');
      log(loginResultOf(e), username);
      outcome = e instanceof Warning ? { error: e.key, params: e.params, username } : { error: 'server.sso.rejected.invalid', username };
    }
    const proof = await settleFlow(services, flow.guid, outcome);
    const secure = services.publicUrl.startsWith('https:') ? '; Secure' : '';
    reply.header('set-cookie', `${PROOF_COOKIE}=${proof}; Path=/open/sso; HttpOnly; SameSite=Lax; Max-Age=120${secure}`);
    return reply.redirect(flow.link_user ? `${services.publicUrl}/account/info?sso_link=${flow.guid}` : `${services.publicUrl}/login/sso?flow=${flow.guid}`, 303);
  };

  app.get('/open/sso/oidc/callback', { config: { rateLimit: LOGIN_RATE } }, async (req, reply) => {
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
    const state = new URLSearchParams(query).get('state') ?? undefined;
    const flow = await takeFlow(services, state, 'oidc');
    return answer(req, reply, flow, async (f) => oidcFinish(services, (await settingsOf(services, f.bu_guid))!, query, f.secrets, f.state));
  });

  // SAML's HTTP-POST binding: the IdP's page posts a form, the one body this server takes that is not JSON.
  app.register(async (saml) => {
    saml.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    saml.post<{ Params: { bu: string }; Body: Record<string, string> }>('/open/sso/saml/acs/:bu', { config: { rateLimit: LOGIN_RATE } }, async (req, reply) => {
      const body = req.body && typeof req.body === 'object' ? req.body : {};
      const found = await takeFlow(services, body.RelayState, 'saml');
      const flow = found && found.bu_guid === req.params.bu ? found : null;
      return answer(req, reply, flow, async (f) => samlFinish(services, (await settingsOf(services, f.bu_guid))!, { SAMLResponse: String(body.SAMLResponse ?? '') }, f.secrets.request));
    });
    saml.post('/open/sso/saml/slo/:bu', async (_req, reply) => reply.redirect(`${services.publicUrl}/login`, 303));
  });

  app.get<{ Params: { bu: string } }>('/open/sso/saml/metadata/:bu', async (req, reply) => {
    const s = /^[0-9a-f-]{36}$/i.test(req.params.bu) ? await settingsOf(services, req.params.bu) : null;
    if (!s?.sp_certificate || s.protocol !== 'saml') return reply.code(404).type('application/json').send({ code: 404, data: null, message: 'Not Found' });
    return reply.type('application/samlmetadata+xml; charset=utf-8').send(await spMetadata(services, s));
  });

  // The IdP's answer to our single-logout request (by redirect or POST): the platform's session ended before it was sent.
  app.get('/open/sso/saml/slo/:bu', async (_req, reply) => reply.redirect(`${services.publicUrl}/login`, 303));

  call({ path: '/open/sso/finish', answer: tenantSession.extend({ redirect: z.string().nullable() }), summary: 'Collect the session a company sign-in ended in', body: finishInput, limit: LOGIN_RATE }, { public: true }, async ({ input, lang, req }) => {
    const { flow, binding } = parseOrWarn(lang, finishInput, input, 'auth-config');
    const entry = { scene: 'tenant' as const, method: 'oidc', username: '', ip: req.ip, userAgent: req.headers['user-agent'] };
    let settled: Awaited<ReturnType<typeof handOff>> | undefined;
    try {
      settled = await handOff(services, flow, binding, cookieOf(req, PROOF_COOKIE));
    } catch (e) {
      services.audit.login({ ...entry, result: loginResultOf(e) });
      throw e;
    }
    const outcome = settled.outcome;
    // A refusal was logged when the IdP's answer came; here it is only shown.
    if ('error' in outcome) throw new Warning(outcome.error, outcome.params ?? {});
    // Never a link's outcome: handOff hands those only to the account that started them.
    if (!('user_guid' in outcome)) throw new Warning('server.sso.flow_lost');
    entry.method = settled.protocol;
    entry.username = outcome.username;
    return recordLogin(services.audit, entry, async () => {
      const user = (await services.db.query<{ guid: string; status: number; user_type: number }>('select guid, status, user_type from users where guid = $1', [outcome.user_guid])).rows[0];
      if (!user || user.status !== 0) throw new Warning('server.account_frozen');
      await assertIpAllowed(services.db, settled.bu_guid, req.ip);
      const { token, exp } = await services.tokens.issue(user, settled.bu_guid, tokenTtlOf(await safePolicyOf(services.db, settled.bu_guid)));
      const jti = (await services.tokens.verify(token))!.jti;
      // Recorded before the token is answered: the session is bound to this BU from its first call.
      await recordSsoSession(services, jti, settled.bu_guid, settled.protocol, outcome.hint);
      return { token, exp, buGuid: settled.bu_guid, redirect: settled.redirect, user: await userRow(services.db, user.guid) };
    });
  });
};
