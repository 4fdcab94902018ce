import { z } from 'zod';
import type { Services } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';
import { translate } from '../../i18n/index.ts';
import { bestLanguage, type Lang } from '../../i18n/languages.ts';
import { SCOPE } from '../../schemas/app-scope.ts';
import { scopeLabelKey } from '../../resources/scopes.ts';
import type { Caller } from '../auth/caller.ts';
import { USER_TYPE } from '../auth/caller.ts';
import type { Queryable } from '../db/driver.ts';
import { OIDC_SCOPES } from './clients.ts';
import { revokeGrant } from './grants.ts';

/** The cookie that binds a sign-in request to the browser that started it (set by the interaction redirect, server/oauth/mount.ts). */
export const BINDING_COOKIE = 'op_oauth';
export const BINDING_PATH = '/open/oauth/';

export const interactionInput = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, 'validation.invalid_option') });
export const confirmInput = interactionInput.extend({
  /** The scopes the screen showed: a list that no longer matches is refused, never widened. */
  scopes: z.array(z.string().max(64)).max(100),
});
const scopeShown = z.object({ code: z.string(), name: z.string(), description: z.string().nullable() });
export const interactionAnswer = z.object({
  app: z.object({ name: z.string(), icon: z.string().nullable(), developer: z.string() }),
  scopes: z.array(scopeShown).describe('What the app asks for that the person may grant here, in the reader\'s language'),
  lang: z.enum(['zh', 'hk', 'en']).nullable().describe("The language the app asked for (`ui_locales`); null: the reader's own"),
  signed_in: z.boolean().describe('Whether a tenant account is signed in'),
  person: z.string().nullable(),
  bu: z.string().nullable().describe("The BU the app would act in: the person's current one"),
  available: z.boolean().describe('Whether the app serves that BU (its own app, or installed and running there)'),
  remembered: z.boolean().describe('Whether the person already allowed all of it here: the screen goes on by itself'),
});
export const redirectAnswer = z.object({ location: z.string().describe('Where the browser goes next: the provider, which returns to the app') });
export const allowAnswer = redirectAnswer.extend({ guid: z.uuid().describe('The authorisation made or widened (*Authorised apps*)') });

interface AppRow { guid: string; name: string; icon: string | null; bu_guid: string | null; developer: string | null }

/** The request, if this browser started it: the binding cookie must name it. */
const pending = async (services: Services, uid: string, bound: string | undefined) => {
  if (bound !== uid) throw new Warning('server.oauth.interaction_elsewhere');
  const provider = await services.oauth.provider();
  const interaction = await provider.Interaction.find(uid);
  if (!interaction || interaction.exp * 1000 < Date.now()) throw new Warning('server.oauth.interaction_expired');
  const clientId = String(interaction.params.client_id ?? '');
  const { rows } = await services.db.query<AppRow>(
    'select a.guid, a.name, a.icon, a.bu_guid, b.name as developer from app a left join bu b on b.guid = a.bu_guid where a.app_id = $1',
    [clientId],
  );
  if (!rows[0]) throw new Warning('server.oauth.interaction_expired');
  return { provider, interaction, clientId, app: rows[0] };
};

/**
 * What the app may be granted in `buGuid`: the OpenID scopes it asked for, and those of its asked
 * platform scopes open for it (for a buyer's BU, the ones the buyer granted it too); null when the
 * app does not serve that BU (another BU's own app, or a store app not installed and running there).
 */
const grantable = async (db: Queryable, app: AppRow, buGuid: string, asked: string[]): Promise<string[] | null> => {
  const own = app.bu_guid === buGuid;
  const { rows } = await db.query<{ scopes: string[]; serves: boolean }>(
    `select array(select group_code from app_scope o where o.app_guid = $1 and o.status = $3
                  and ($4 or coalesce(i.scopes, '[]'::jsonb) ? o.group_code)) as scopes,
            ($4 or (i.guid is not null and i.status = 0)) as serves
       from (select 1) one left join installed_app i on i.app_guid = $1 and i.bu_guid = $2`,
    [app.guid, buGuid, SCOPE.open, own],
  );
  if (!rows[0]?.serves) return null;
  const open = new Set(rows[0].scopes);
  return [...new Set(asked)].filter((s) => (OIDC_SCOPES as readonly string[]).includes(s) || open.has(s));
};

const askedOf = (params: Record<string, unknown>) => String(params.scope ?? '').split(' ').filter(Boolean);

/** The language the app asked for, if it did. */
const askedLang = (params: Record<string, unknown>): Lang | null => {
  const tags = String(params.ui_locales ?? '').split(/\s+/).filter(Boolean);
  return tags.length ? bestLanguage(tags) : null;
};

const signedInTenant = (caller: Caller | null) => !!caller && caller.userType !== USER_TYPE.operator;

/** The consent screen's content (src/pages/oauth/ConsentPage.tsx). */
export const consentScreen = async (services: Services, caller: Caller | null, lang: Lang, uid: string, bound: string | undefined) => {
  const { interaction, app } = await pending(services, uid, bound);
  const shown = askedLang(interaction.params) ?? lang;
  const asked = askedOf(interaction.params);
  const person = signedInTenant(caller) ? caller : null;
  const scopes = person?.buGuid ? await grantable(services.db, app, person.buGuid, asked) : null;
  const listed = scopes ?? asked.filter((s) => (OIDC_SCOPES as readonly string[]).includes(s));
  const state = person
    ? (await services.db.query<{ name: string | null; username: string; bu: string | null; kept: string[] | null }>(
        `select u.name, u.username, b.name as bu,
                (select x.scopes || x.oidc_scopes from app_authorisation x where x.user_guid = u.guid and x.app_guid = $3 and x.bu_guid = $2) as kept
           from users u left join bu b on b.guid = $2 where u.guid = $1`,
        [person.userGuid, person.buGuid, app.guid],
      )).rows[0]
    : undefined;
  const kept = new Set(state?.kept ?? []);
  return {
    app: { name: app.name, icon: app.icon, developer: app.developer ?? translate(shown, 'server.oauth.platform') },
    scopes: listed.map((code) => labelOf(shown, code)),
    lang: askedLang(interaction.params),
    signed_in: !!person,
    person: state ? (state.name ?? state.username) : null,
    bu: state?.bu ?? null,
    available: scopes !== null,
    remembered: scopes !== null && !!state?.kept && scopes.every((s) => kept.has(s)),
  };
};

const labelOf = (lang: Lang, code: string) => {
  if ((OIDC_SCOPES as readonly string[]).includes(code)) return { code, name: translate(lang, `server.oauth.scope.${code}`), description: null };
  return { code, name: translate(lang, scopeLabelKey(code, 'name')), description: translate(lang, scopeLabelKey(code, 'description')) };
};

/**
 * *Allow*: the person grants the app, in their current BU, exactly the scopes the screen showed
 * (a list that no longer matches is refused). The grant is recorded as their authorisation (one
 * per person and app: an earlier one, in another BU or with less, is replaced and its tokens end),
 * and the request goes on signed in as them.
 */
export const allow = async (services: Services, caller: Caller, lang: Lang, body: z.output<typeof confirmInput>, bound: string | undefined) => {
  if (!signedInTenant(caller) || !caller.buGuid) throw new Warning('server.oauth.sign_in_tenant');
  const { provider, interaction, clientId, app } = await pending(services, body.uid, bound);
  const scopes = await grantable(services.db, app, caller.buGuid, askedOf(interaction.params));
  if (!scopes) throw new Warning('server.oauth.app_not_here', { app: app.name });
  const shown = new Set(body.scopes);
  if (shown.size !== scopes.length || scopes.some((s) => !shown.has(s))) throw new Warning('server.oauth.scopes_changed');
  const kept = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant = kept && kept.accountId === caller.userGuid ? kept : new provider.Grant({ accountId: caller.userGuid, clientId });
  grant.addOIDCScope(scopes.join(' '));
  const missing = interaction.prompt.details.missingOIDCClaims;
  if (Array.isArray(missing)) grant.addOIDCClaims(missing as string[]);
  const grantId = await grant.save();
  const guid = await services.db.transaction(async (tx) => {
    // One authorisation per person and app: one given in another BU, or under an older grant, ends here.
    const before = await tx.query<{ guid: string; grant_id: string; bu_guid: string }>('select guid, grant_id, bu_guid from app_authorisation where user_guid = $1 and app_guid = $2', [caller.userGuid, app.guid]);
    for (const row of before.rows) {
      if (row.grant_id !== grantId) await revokeGrant(tx, row.grant_id);
      if (row.bu_guid !== caller.buGuid) await tx.query('delete from app_authorisation where guid = $1', [row.guid]);
    }
    const platform = scopes.filter((s) => !(OIDC_SCOPES as readonly string[]).includes(s));
    const saved = await tx.query<{ guid: string }>(
      `insert into app_authorisation (guid, app_guid, app_name, scopes, oidc_scopes, user_guid, user_name, bu_guid, grant_id, created_by)
       select gen_random_uuid(), $1, $2, $3, $7, u.guid, coalesce(u.name, u.username), $5, $6, u.guid from users u where u.guid = $4
       on conflict (bu_guid, user_guid, app_guid) do update set app_name = excluded.app_name, scopes = excluded.scopes, oidc_scopes = excluded.oidc_scopes, bu_guid = excluded.bu_guid,
         grant_id = excluded.grant_id, user_name = excluded.user_name, updated_at = now()
       returning guid`,
      [app.guid, app.name, JSON.stringify(platform), caller.userGuid, caller.buGuid, grantId, JSON.stringify(scopes.filter((s) => !platform.includes(s)))],
    );
    return saved.rows[0].guid;
  });
  services.appTokens.forget();
  interaction.result = { login: { accountId: caller.userGuid }, consent: { grantId } };
  await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
  return { location: interaction.returnTo, guid };
};

/** *Deny* (signed in or not): the app hears `access_denied` at its registered address. */
export const deny = async (services: Services, uid: string, bound: string | undefined) => {
  const { interaction } = await pending(services, uid, bound);
  interaction.result = { error: 'access_denied', error_description: 'The person denied the request.' };
  await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
  return { location: interaction.returnTo };
};
