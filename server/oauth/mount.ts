import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../engine/context.ts';
import type { CallDoc } from '../http/calls.ts';
import { langOf } from '../http/envelope.ts';
import { cookieOf } from '../http/cookies.ts';
import { parseOrWarn } from '../http/validation.ts';
import { bestLanguage } from '../../i18n/languages.ts';
import { refusalPage } from './pages.ts';
import { bespoke } from '../routes/bespoke.ts';
import { tryFinish, tryFinishAnswer, tryFinishInput, tryStart, tryStartAnswer, tryStartInput } from './try.ts';
import { allow, allowAnswer, BINDING_COOKIE, BINDING_PATH, confirmInput, deny, consentScreen, interactionAnswer, interactionInput, redirectAnswer } from './interactions.ts';
import { OAUTH_TTL } from './ttl.ts';
import { INTERACTION_PATH, OIDC_BASE } from './paths.ts';

/** The provider's endpoints per minute and address: enough for any app, not for guessing codes. */
const RATE = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/**
 * The OpenID provider on the platform's origin (docs/oauth.md): discovery, its endpoints under
 * `/oidc/`, the redirect that binds a sign-in request to this browser and opens the consent
 * screen, and that screen's three calls.
 */
export const mountOAuth = (app: FastifyInstance, services: Services, docs: CallDoc[]) => {
  app.register(async (oidc) => {
    // oidc-provider reads the bodies itself (form posts among them).
    oidc.removeAllContentTypeParsers();
    oidc.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    const hand = async (req: FastifyRequest, reply: FastifyReply) => {
      const handle = await services.oauth.handler();
      // The site's security headers, then the provider writes the answer itself.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      reply.hijack();
      handle(req.raw, reply.raw);
    };
    oidc.get('/.well-known/openid-configuration', hand);
    oidc.route({ method: ['GET', 'POST', 'OPTIONS'], url: `${OIDC_BASE}/*`, config: RATE, handler: hand });
    // The provider sends the browser here to sign in and consent: only the browser holding the
    // provider's cookie for this request gets the binding the consent calls ask for.
    oidc.get<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid`, async (req, reply) => {
      const provider = await services.oauth.provider();
      const details = await provider.interactionDetails(req.raw, reply.raw).catch(() => null);
      const uid = req.params.uid;
      if (!details || details.uid !== uid) return expiredPage(req, reply);
      const secure = services.publicUrl.startsWith('https:') ? '; Secure' : '';
      reply.header('set-cookie', `${BINDING_COOKIE}=${uid}; Path=${BINDING_PATH}; Max-Age=${OAUTH_TTL.Interaction}; HttpOnly; SameSite=Lax${secure}`);
      // The language the app asked for (`ui_locales`) is shown in this tab, over the reader's own choice (src/main.tsx reads `lang`).
      const asked = String(details.params.ui_locales ?? '').split(/\s+/).filter(Boolean);
      return reply.redirect(`/oauth/${encodeURIComponent(uid)}${asked.length ? `?lang=${bestLanguage(asked)}` : ''}`, 303);
    });
  });

  const call = bespoke(app, services, docs, 'oauth');
  const bound = (req: FastifyRequest) => cookieOf(req, BINDING_COOKIE);
  call(
    { path: '/open/oauth/interaction/get', summary: 'The consent screen: the app, what it asks for, and whether the person signed in may grant it here', body: interactionInput, answer: interactionAnswer },
    { public: true },
    async ({ req, caller, input, lang }) => consentScreen(services, caller, lang, parseOrWarn(lang, interactionInput, input, 'app-authorisation').uid, bound(req)),
  );
  call(
    { path: '/open/oauth/interaction/allow', summary: 'Allow: grant the app the scopes the screen showed, as the signed-in person in their current BU', body: confirmInput, answer: allowAnswer },
    { scope: 'user', tenantOnly: true, writes: 'app-authorisation', action: 'add' },
    async ({ req, caller, input, lang }) => allow(services, caller, lang, parseOrWarn(lang, confirmInput, input, 'app-authorisation'), bound(req)),
  );
  // "Try sign-in" on an app's security page: its developer signs in to it as a person would, and reads the ID token's claims.
  call(
    { path: '/open/app/oauth/try-start', summary: "Try sign-in: the provider's address to sign the developer in to the app, returning to the platform's own page", body: tryStartInput, answer: tryStartAnswer },
    { scope: 'bu', perm: 'tenant:app', action: 'update' },
    async ({ caller, input, lang }) => tryStart(services, caller, parseOrWarn(lang, tryStartInput, input, 'app').app_guid),
  );
  call(
    { path: '/open/app/oauth/try-finish', summary: "Try sign-in: the code exchanged as the app, the ID token's claims answered, the tokens revoked", body: tryFinishInput, answer: tryFinishAnswer },
    { scope: 'bu', perm: 'tenant:app', action: 'update' },
    async ({ caller, input, lang }) => tryFinish(app, services, caller, parseOrWarn(lang, tryFinishInput, input, 'app')),
  );
  call(
    { path: '/open/oauth/interaction/deny', summary: 'Deny: the app hears access_denied at its registered address', body: interactionInput, answer: redirectAnswer },
    { public: true },
    async ({ req, input, lang }) => deny(services, parseOrWarn(lang, interactionInput, input, 'app-authorisation').uid, bound(req)),
  );
};

/** A request this browser did not start, or one that ended: the provider's error page, never a redirect. */
const expiredPage = (req: FastifyRequest, reply: FastifyReply) =>
  reply.status(400).type('text/html; charset=utf-8').send(refusalPage(langOf(req), 'error_expired'));
