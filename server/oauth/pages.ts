import type { KoaContextWithOIDC, ErrorOut } from 'oidc-provider';
import { bestLanguage, acceptedTags, isLang, LANGUAGES, type Lang } from '../../i18n/languages.ts';
import { translate } from '../../i18n/index.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The language of the provider's own pages: the app's `ui_locales`, else the reader's chosen
 * language (the site's `lang` cookie), else their browser's.
 */
export const pageLang = (ctx: KoaContextWithOIDC): Lang => {
  const asked = String(ctx.oidc?.params?.ui_locales ?? '').split(/\s+/).filter(Boolean);
  if (asked.length) return bestLanguage(asked, langOfHeaders(ctx));
  return langOfHeaders(ctx);
};
const langOfHeaders = (ctx: KoaContextWithOIDC): Lang => {
  const chosen = ctx.cookies.get('lang');
  return isLang(chosen) ? chosen : bestLanguage(acceptedTags(ctx.get('accept-language')));
};

/** A page in the platform's look: no script, a way home. */
const page = (lang: Lang, title: string, body: string) => `<!doctype html>
<html lang="${LANGUAGES[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>${escape(title)}</title></head>
<body style="margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans CJK SC',sans-serif;background:#f5f5f5;color:#212121">
<main style="max-width:480px;margin:12vh auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 1px 3px rgba(0,0,0,.2)">
<h1 style="font-size:1.4rem;margin:0 0 16px">${escape(title)}</h1>
${body}
</main></body></html>`;

const t = (lang: Lang, key: string, params?: Record<string, unknown>) => translate(lang, `server.oauth.${key}`, params);
const home = (lang: Lang) => `<p><a href="/" style="color:#1565c0">${escape(t(lang, 'home'))}</a></p>`;

/** Why a sign-in request cannot go on, by oidc-provider's error code: never a redirect, never raw JSON. */
const REASONS: Record<string, string> = {
  invalid_client: 'error_client',
  invalid_redirect_uri: 'error_redirect',
  unauthorized_client: 'error_client',
  invalid_scope: 'error_scope',
  unsupported_response_type: 'error_request',
  invalid_request: 'error_request',
  invalid_request_object: 'error_request',
  session_not_found: 'error_expired',
  invalid_grant: 'error_expired',
};

/** Why a sign-in cannot go on (`server.oauth.<reason>`), with the error code an app's developer looks up. */
export const refusalPage = (lang: Lang, reason: string, code?: string) =>
  page(lang, t(lang, 'error_title'), `<p>${escape(t(lang, reason))}</p>${code ? `<p style="color:#616161;font-size:.875rem">${escape(code)}</p>` : ''}${home(lang)}`);

export const errorPage = async (ctx: KoaContextWithOIDC, out: ErrorOut) => {
  ctx.type = 'html';
  ctx.body = refusalPage(pageLang(ctx), REASONS[out.error] ?? 'error_request', out.error);
};

/**
 * RP-initiated logout asks first. The confirmation is a form posted to this origin, which then
 * redirects to the app's registered address: the page's `form-action` names those origins, or
 * Chromium would block the redirect.
 */
export const logoutPage = async (ctx: KoaContextWithOIDC, form: string) => {
  const lang = pageLang(ctx);
  const origins = [...new Set((ctx.oidc.client?.postLogoutRedirectUris ?? []).map((u) => new URL(u).origin))];
  ctx.set('content-security-policy', policyWith(String(ctx.response.get('content-security-policy') ?? ''), origins));
  const app = ctx.oidc.client?.clientName;
  // oidc-provider's form (hidden inputs, its id `op.logoutForm`) with our buttons inside it.
  const filled = form.replace('</form>', `<p style="display:flex;gap:8px"><button type="submit" name="logout" value="yes" style="padding:8px 16px">${escape(t(lang, 'logout_yes'))}</button><button type="submit" style="padding:8px 16px">${escape(t(lang, 'logout_no'))}</button></p></form>`);
  ctx.type = 'html';
  ctx.body = page(lang, t(lang, 'logout_title'), `<p>${escape(app ? t(lang, 'logout_app', { app }) : t(lang, 'logout_text'))}</p>${filled}`);
};

export const signedOutPage = async (ctx: KoaContextWithOIDC) => {
  const lang = pageLang(ctx);
  ctx.type = 'html';
  ctx.body = page(lang, t(lang, 'signed_out_title'), `<p>${escape(t(lang, 'signed_out_text'))}</p>${home(lang)}`);
};

/** The site's policy (as the security headers set it) with `form-action` widened to `origins`. */
const policyWith = (policy: string, origins: string[]) =>
  policy.replace(/form-action ([^;]*)/, (_, own: string) => `form-action ${[own.trim(), ...origins].join(' ')}`);
