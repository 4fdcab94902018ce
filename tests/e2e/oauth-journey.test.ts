import { createServer, type Server } from 'node:http';
import * as oidc from 'openid-client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import resZh from '../../i18n/resources/zh.ts';
import resEn from '../../i18n/resources/en.ts';
import comZh from '../../i18n/common/zh.ts';
import comEn from '../../i18n/common/en.ts';
import zh from '../../i18n/ui/zh.ts';
import en from '../../i18n/ui/en.ts';
import serverZh from '../../i18n/server/zh.ts';
import serverEn from '../../i18n/server/en.ts';
import { pluralForm } from '../../i18n/plural.ts';
import { freePort } from '../../scripts/free-port.mjs';
import { chromiumAvailable, CHROMIUM } from '../helpers/browser.ts';
import { DIST, journey } from '../helpers/journey.ts';
import { openApp } from '../helpers/open-app.ts';
import { intoConsole, openFromSidebar } from '../helpers/sidebar.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the sign-in-with-the-platform journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const UI = { zh: { ...zh, ...comZh, ...resZh, ...serverZh }, en: { ...en, ...comEn, ...resEn, ...serverEn } } as const;

/**
 * A relying party on 127.0.0.1 as an app's developer would write it with openid-client: its home
 * page links to "Sign in with Open Platform" (code + PKCE), its callback shows who signed in, and
 * it can refresh its tokens, reporting a refusal. Its pages are plain HTML in the journey's language.
 */
const relyingParty = async (issuer: string, app: { app_id: string; app_secret: string }, lang: string) => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config = await oidc.discovery(new URL(issuer), app.app_id, app.app_secret, undefined, { execute: [oidc.allowInsecureRequests] });
  const pending = new Map<string, string>();
  let refresh: string | undefined;
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const send = (html: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    try {
      if (url.pathname === '/favicon.ico') return res.writeHead(204).end();
      if (url.pathname === '/') return send(page('Timesheets', '<p><a href="/login">Sign in with Open Platform</a></p><p><a href="/refresh">Refresh my session</a></p><p><a href="/wrong">Sign in (misconfigured return address)</a></p>'));
      if (url.pathname === '/login' || url.pathname === '/wrong') {
        const verifier = oidc.randomPKCECodeVerifier();
        const state = oidc.randomState();
        pending.set(state, verifier);
        const to = oidc.buildAuthorizationUrl(config, {
          redirect_uri: url.pathname === '/wrong' ? `${origin}/elsewhere` : `${origin}/callback`, scope: 'openid profile email offline_access contact:member:readonly',
          state, prompt: 'consent', ui_locales: lang === 'zh' ? 'zh-CN' : 'en', code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
        });
        return res.writeHead(302, { location: to.href }).end();
      }
      if (url.pathname === '/callback') {
        const state = url.searchParams.get('state') ?? '';
        if (url.searchParams.get('error')) return send(page('Timesheets', `<p data-testid="rp-error">${url.searchParams.get('error')}</p>`));
        const tokens = await oidc.authorizationCodeGrant(config, url, { pkceCodeVerifier: pending.get(state), expectedState: state });
        refresh = tokens.refresh_token;
        const info = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
        return send(page('Timesheets', `<p data-testid="rp-signed-in">Signed in as ${info.name}</p><p><a href="/refresh">Refresh my session</a></p>`));
      }
      if (url.pathname === '/refresh') {
        const outcome = await oidc.refreshTokenGrant(config, refresh ?? '').then(
          (t) => ((refresh = t.refresh_token), 'refreshed'),
          (e: { error?: string }) => `refused: ${e.error ?? 'error'}`,
        );
        return send(page('Timesheets', `<p data-testid="rp-refresh">${outcome}</p><p><a href="/">Home</a></p>`));
      }
      res.writeHead(404).end();
    } catch (e) {
      send(page('Timesheets', `<p data-testid="rp-error">${(e as Error).message}</p>`));
    }
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { origin, close: () => new Promise<void>((done) => server.close(() => done())) };
};

/**
 * "Sign in with Open Platform" by clicks (docs/oauth.md): a person signed out opens an app's site,
 * chooses to sign in with the platform, signs in on its login page, reads the consent screen (the
 * app, its developer, each scope in the page's language) and allows it; the app shows who signed
 * in. The BU's administrator sees the authorisation among its members'; the person revokes it
 * under *Authorised apps*, and the app's next refresh is refused. An app asking to return to an
 * address it did not register gets a page that says so, not a redirect. zh and en; axe on each screen.
 */
describe.skipIf(!available).each(['zh', 'en'] as const)('sign in with Open Platform (Chromium, %s)', (lang) => {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    Object.entries(params).reduce((s, [k, v]) => s.replace(`%{${k}}`, String(v)), pluralForm(lang, key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string, params));
  let client: Awaited<ReturnType<typeof openApp>>;
  let appName: string;
  let rp: Awaited<ReturnType<typeof relyingParty>>;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
  });
  const j = journey(lang, 'oauth', async (s) => {
    client = await openApp(s, await s.login());
    appName = (await s.db.query<{ name: string }>('select name from app where guid = $1', [client.app.guid])).rows[0].name;
    rp = await relyingParty(`http://127.0.0.1:${port}`, client.app, lang);
    const saved = await s.post('/open/app/save-backurl', { app_guid: client.app.guid, redirect_urls: [`${rp.origin}/callback`] }, { token: client.owner.token });
    if (saved.code !== 200) throw new Error(saved.message);
  }, { get publicUrl() { return `http://127.0.0.1:${port}`; } });
  afterAll(() => rp?.close());
  const section = (page: Page, title: string) => page.getByRole('navigation', { name: t('header.sections') }).getByRole('link', { name: title }).click();

  it("from the app's site: signs in on the platform, reads the consent screen and allows; the app knows who it is", async () => {
    const { page } = j.w;
    await page.goto(rp.origin);
    await page.getByRole('link', { name: 'Sign in with Open Platform' }).click();
    await page.getByRole('heading', { name: t('oauth.title', { app: appName }) }).waitFor();
    await page.getByRole('button', { name: t('oauth.sign_in') }).waitFor();
    await j.shot('01-asks-to-sign-in');
    await page.getByRole('button', { name: t('oauth.sign_in') }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.fill('input[name=username]', client.owner.username);
    await page.fill('input[name=password]', client.owner.password);
    await page.click('[data-testid=login-submit]');
    await page.waitForURL((u) => u.pathname.startsWith('/oauth/'));
    const scopes = page.getByTestId('oauth-scopes');
    await scopes.getByText(t('resources.api-group.seeded.contact:member:readonly.name'), { exact: true }).waitFor();
    await scopes.getByText(t('server.oauth.scope.email'), { exact: true }).waitFor();
    await j.shot('02-consent');
    await page.getByRole('button', { name: t('oauth.allow') }).click();
    await page.getByTestId('rp-signed-in').waitFor();
    expect(await page.getByTestId('rp-signed-in').textContent()).toContain('Signed in as');
    await j.shot('03-app-signed-in');
  });

  it("the developer reads the app's sign-in settings and tries sign-in: the ID token's claims", async () => {
    const { page } = j.w;
    await page.goto(j.base);
    await intoConsole(page);
    await section(page, t('route.business'));
    await page.getByTestId('sidebar').getByRole('link', { name: t('route.app'), exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/business/app');
    await page.getByText(appName).first().click();
    await page.waitForURL((u) => u.pathname === `/business/app/${client.app.guid}/config`);
    await page.getByTestId('sidebar').getByRole('link', { name: t('route.app_security'), exact: true }).click();
    const card = page.getByTestId('app-oauth');
    await card.getByText(client.app.app_id).waitFor();
    await card.getByTestId('oauth-may-request').getByText(t('resources.api-group.seeded.contact:member:readonly.name')).waitFor();
    await j.shot('03a-app-sign-in-settings');
    await card.getByTestId('oauth-try').click();
    // Allowed before: the consent screen goes on by itself, back to the platform's own page.
    await page.waitForURL((u) => u.pathname === '/oauth/try/return');
    const claims = page.getByTestId('oauth-try-claims');
    await claims.getByRole('rowheader', { name: 'sub' }).waitFor();
    expect(await claims.getByRole('row', { name: /^sub / }).textContent()).toContain(client.owner.guid);
    await j.shot('03b-try-sign-in-claims');
    await page.getByRole('link', { name: t('oauth.try_back') }).click();
    await page.waitForURL((u) => u.pathname === `/business/app/${client.app.guid}/security`);
  });

  it("the BU's administrator sees it among its members' authorisations; the person revokes it and the app's refresh is refused", async () => {
    const { page } = j.w;
    await page.goto(j.base);
    await intoConsole(page);
    await section(page, t('route.account'));
    await openFromSidebar(page, '/account/enterprise/app-authorisation');
    await page.locator('tbody tr', { hasText: appName }).first().waitFor();
    await j.shot('04-members-authorisations');
    await openFromSidebar(page, '/account/authorised-apps');
    const row = page.locator('tbody tr', { hasText: appName }).first();
    await row.getByRole('cell', { name: appName }).waitFor();
    await j.shot('05-authorised-apps');
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: t('record_actions.app-authorisation.revoke'), exact: true }).click();
    await page.getByRole('dialog').locator('button.ra-confirm').click();
    await page.getByTestId('list-empty').waitFor();
    await j.shot('06-revoked');
    await page.goto(rp.origin);
    await page.getByRole('link', { name: 'Refresh my session' }).click();
    expect(await page.getByTestId('rp-refresh').textContent()).toBe('refused: invalid_grant');
  });

  it('an app asking to return to an address it did not register gets a page that says so', async () => {
    const { page } = j.w;
    const before = j.w.problems.length;
    await page.goto(rp.origin);
    await page.getByRole('link', { name: 'Sign in (misconfigured return address)' }).click();
    await page.getByRole('heading', { name: t('server.oauth.error_title') }).waitFor();
    expect(new URL(page.url()).origin).toBe(`http://127.0.0.1:${port}`);
    await page.getByText(t('server.oauth.error_redirect')).waitFor();
    await j.shot('07-unregistered-address');
    // The page answers 400, as a refused request should: the one problem this step provokes on purpose.
    expect(j.w.problems.splice(before)).toEqual(['[400] GET /oidc/auth', '[console] Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });
  it("an operator turns the app's sign-in off on its page: the app's next sign-in is refused with a page", async () => {
    const op = await j.operator();
    await openFromSidebar(op.page, '/operation/app');
    await op.page.getByRole('row', { name: new RegExp(appName) }).getByText(appName).click();
    await op.page.waitForURL(new RegExp(`/operation/app/${client.app.guid}/`));
    await op.page.getByTestId('tab-security').click();
    await op.page.waitForURL(new RegExp(`/operation/app/${client.app.guid}/security$`));
    await op.page.getByLabel(t('resources.app-security.fields.oauth_disabled')).check();
    await op.page.locator('button[type=submit]').click();
    await expect.poll(async () => (await j.s.db.query<{ off: boolean }>('select oauth_disabled as off from app_security where app_guid = $1', [client.app.guid])).rows[0]?.off).toBe(true);
    await j.shot('08-operator-turns-sign-in-off', op);
    const { page } = j.w;
    const before = j.w.problems.length;
    await page.goto(rp.origin);
    await page.getByRole('link', { name: 'Sign in with Open Platform' }).click();
    await page.getByText(t('server.oauth.error_client')).waitFor();
    await j.shot('09-sign-in-turned-off');
    expect(j.w.problems.splice(before)).toEqual(['[400] GET /oidc/auth', '[console] Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
    await op.page.close();
    expect(j.w.problems).toEqual([]);
    expect(j.w.violations).toEqual([]);
  });

});
