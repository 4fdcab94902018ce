import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LOGIN_RATE } from '../auth/throttle.ts';
import type { Services } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';
import { parseOrWarn } from '../http/validation.ts';
import { handOff } from '../sso/flows.ts';
import { linkSelf, selfLinkOf, unlinkSelf } from '../sso/self-link.ts';
import { settingsOf, ssoOffered, type SsoSettings } from '../sso/settings.ts';
import type { bespoke } from './bespoke.ts';

const collectInput = z.object({ flow: z.string().max(64), binding: z.string().min(1).max(64) });
const linkState = z.object({
  offered: z.boolean().describe("Whether the caller's BU offers its company sign-in"),
  linked: z.object({ issuer: z.string(), protocol: z.enum(['oidc', 'saml']) }).nullable().describe("The caller's own link in the BU, null when none"),
});

interface FlowStarter {
  begin(s: SsoSettings, f: { redirect: string | null; typed: string; linkUser: string | null }): Promise<{ url: string; flow: string; binding: string }>;
  flowAnswer: z.ZodType;
  /** The cookie the IdP's answer set (server/routes/sso.ts). */
  proofOf(req: FastifyRequest): string | undefined;
}

/**
 * "Link my company sign-in" in personal settings (docs/sso.md, "Accounts"): the signed-in account
 * of a BU that offers its company sign-in goes through the IdP in link mode and collects the
 * outcome the way a sign-in does (binding and cookie); only then is the subject linked to it
 * (server/sso/self-link.ts). Any account of the BU, owner or not, links and unlinks its own.
 */
export const mountSsoLink = (call: ReturnType<typeof bespoke>, services: Services, flows: FlowStarter) => {
  const own = { scope: 'bu', tenantOnly: true } as const;
  const offered = async (buGuid: string) => {
    const s = await settingsOf(services, buGuid);
    return ssoOffered(s) ? s : null;
  };

  // Asked by every personal-settings page, also of an account with no BU yet: it has nothing to link.
  call({ path: '/open/sso/link/info', answer: linkState, summary: "Whether the caller's company sign-in is linked" }, { tenantOnly: true }, async ({ caller }) => ({
    offered: !!caller.buGuid && !!(await offered(caller.buGuid)),
    linked: caller.buGuid ? await selfLinkOf(services.db, caller.buGuid, caller.userGuid) : null,
  }));

  call({ path: '/open/sso/link/start', answer: flows.flowAnswer, summary: "Link the caller's company sign-in: the IdP address to go to", limit: LOGIN_RATE }, own, async ({ caller }) => {
    const s = await offered(caller.buGuid!);
    if (!s) throw new Warning('server.sso.link_not_offered');
    return flows.begin(s, { redirect: null, typed: caller.username ?? '', linkUser: caller.userGuid });
  });

  call({ path: '/open/sso/link/finish', answer: z.object({ issuer: z.string() }), summary: 'Collect a company sign-in link: the subject is linked to the caller', body: collectInput, limit: LOGIN_RATE }, own, async ({ caller, input, lang, req }) => {
    const { flow, binding } = parseOrWarn(lang, collectInput, input, 'auth-config');
    const { outcome, bu_guid, protocol } = await handOff(services, flow, binding, flows.proofOf(req), caller.userGuid);
    if ('error' in outcome) throw new Warning(outcome.error, outcome.params ?? {});
    const s = await offered(bu_guid);
    if (!s || s.protocol !== protocol || !('link' in outcome)) throw new Warning('server.sso.link_not_offered');
    await linkSelf(services, s, outcome.link, caller.userGuid);
    return { issuer: outcome.link.issuer };
  });

  call({ path: '/open/sso/link/remove', answer: z.object({ removed: z.int() }), summary: "Unlink the caller's own company sign-in in the BU" }, own, async ({ caller }) => ({
    removed: await unlinkSelf(services.db, caller.buGuid!, caller.userGuid),
  }));
};
