import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, chromiumAvailable, fileBrowser, watchPage, type Watched } from '../helpers/browser.ts';
import { DIST } from '../helpers/journey.ts';
import { startDnsServer, type DnsServer } from '../helpers/dns-server.ts';
import { flushLogins, loginRows } from '../helpers/login-log.ts';
import { startOidcIdp, type OidcIdp } from '../helpers/oidc-idp.ts';
import { startSamlIdp, type SamlIdp } from '../helpers/saml-idp.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu } from '../helpers/tenant-flows.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { translate } from '../../i18n/index.ts';
import uiEn from '../../i18n/ui/en.ts';
import uiZh from '../../i18n/ui/zh.ts';
import raZh from '../../i18n/ui/ra-zh.ts';
import raEn from 'ra-language-english';
import { openFromSidebar } from '../helpers/sidebar.ts';
import { axeLanguage } from '../helpers/axe.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the SSO journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

/** A free port, so that PUBLIC_URL (the IdPs' redirect and ACS addresses) names the address the server listens on. */
const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });

const UI = { en: uiEn, zh: uiZh } as const;

const LANGS = ['en', 'zh'] as const;

describe.skipIf(!available).each(LANGS)('SSO journey (Chromium, %s): the owner sets up the company sign-in, members sign in through the IdPs', (lang) => {
  const t = (key: string) => key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string;
  const r = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
  const label = (field: string) => r(`resources.auth-config.fields.${field}`);
  let s: TestServer;
  let base: string;
  let oidc: OidcIdp;
  let saml: SamlIdp;
  let dns: DnsServer;
  let browser: Browser;
  let w: Watched;
  let page: Page;
  let owner: Awaited<ReturnType<typeof tenantWithBu>>;
  const shot = async (name: string, on: Watched = w) => {
    await on.shot(`sso-${lang}-${name}`);
    if (lang === axeLanguage(LANGS)) await on.axe(name);
  };

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dns = await startDnsServer();
    s = await startServer({ options: { staticDir: resolve(DIST), publicUrl: base, sso: { allowPrivate: true, dnsServers: [dns.address] } } });
    await s.app.listen({ port, host: '127.0.0.1' });
    oidc = await startOidcIdp({ redirectUri: `${base}/open/sso/oidc/callback`, postLogoutUri: `${base}/login` });
    oidc.users.set('mei', { email: 'mei@acme.example', name: 'Mei Lin' });
    saml = await startSamlIdp();
    saml.users.set('sam', { email: 'sam@globex.example', name: 'Sam Ortiz' });
    owner = await tenantWithBu(s);
    await s.post('/open/system/role/add', { name: 'Staff', code: 'staff' }, { token: owner.token });
    browser = await fileBrowser();
    // The IdPs' own pages ask for web fonts this machine cannot reach and a favicon they do not have;
    // a failed call of the platform's would still show as its own `[status] METHOD path` line.
    w = await watchPage(browser, { expected: [/^\[console\] Failed to load resource: net::ERR_NAME_NOT_RESOLVED$/, /^\[console\] Failed to load resource: the server responded with a status of 404 \(Not Found\)$/] });
    page = w.page;
    await page.addInitScript((l) => localStorage.setItem('open:language', JSON.stringify(l)), lang);
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await w.shot(`fail-sso-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
  });

  afterAll(async () => {
    await w?.close();
    await s?.close();
    await oidc?.close();
    await saml?.close();
    await dns?.close();
  });

  const field = (name: string | RegExp) => page.getByLabel(name, { exact: typeof name === 'string' });
  /** The SSO configuration by clicks from wherever the console is: the security settings, then its SSO tab. */
  const openSsoTab = async () => {
    // Signed in, the owner lands in the console (from the home page, its console link leads there), then its security settings.
    if (new URL(page.url()).pathname === '/') await page.getByRole('link', { name: t('home.to_console') }).first().click();
    await page.getByRole('navigation').getByText(t('route.enterprise_sso'), { exact: true }).click();
    await page.getByRole('tab', { name: r('resources.auth-config.name').split('|')[0].trim() }).click();
    await page.getByTestId('check-panel').waitFor();
  };
  /** The domain's row shows the TXT record to publish; published at the test's DNS server, Verify proves it. */
  const proveDomain = async (domain: string) => {
    const row = page.getByTestId(`sso-domain-${domain}`);
    await row.getByText(r('sso_form.unverified')).waitFor();
    const value = (await row.getByText(/^open-platform-verification=/).textContent())!;
    dns.txt.set(`_open-platform-challenge.${domain}`, [value]);
    await row.getByRole('button', { name: `${r('resources.auth-config.actions.verify')} ${domain}` }).click();
    // Exact: "Not verified" holds "verified", and a substring match passed before the chip changed.
    const chip = row.getByText(r('sso_form.verified'), { exact: true });
    await chip.waitFor();
    // Its colour fades to green: axe reads the contrast once the fade is over.
    await chip.evaluate((label) => Promise.all((label.parentElement ?? label).getAnimations({ subtree: true }).map((a) => a.finished)));
  };
  const logOut = async (who: string) => {
    await page.getByRole('button', { name: who }).click();
    await page.getByRole('menuitem', { name: t('header.logout') }).click();
  };

  it('the owner configures OIDC on the SSO page, tests the connection and allows SSO only', async () => {
    // From the login page, by clicks: the console, its security settings, the SSO tab.
    await page.goto(`${base}/login`);
    await page.fill('input[name=username]', owner.username);
    await page.fill('input[name=password]', owner.password);
    await page.click('[data-testid=login-submit]');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await openSsoTab();
    await field(label('sso_enabled')).check();
    await field(label('issuer_url')).fill(oidc.issuer);
    await field(label('client_id')).fill(oidc.clientId);
    await field(label('client_secret')).fill(oidc.clientSecret);
    // react-admin's own "add an item" button of the domains list (its words: ra-language-english, i18n/ui/ra-zh.ts).
    await page.getByRole('button', { name: lang === 'zh' ? raZh.ra.action.add : raEn.ra.action.add, exact: true }).click();
    await page.locator('[name="domains.0"]').fill('acme.example');
    await field(label('jit_enabled')).check();
    await field(label('default_role_guid')).click();
    await page.getByRole('option', { name: 'Staff' }).click();
    await field(label('login_types')).click();
    await page.getByRole('option', { name: r('resources.auth-config.values.login_types.sso') }).click();
    await page.getByRole('option', { name: r('resources.auth-config.values.login_types.password') }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: t('tenant.save') }).click();
    await page.getByText(t('tenant.saved')).first().waitFor();
    await page.getByTestId('check-run').click();
    await page.getByTestId('check-result').getByText(r('server.sso.check.ok_oidc')).waitFor();
    await page.getByTestId('check-items').getByText(`${base}/open/sso/oidc/callback`).waitFor();
    await proveDomain('acme.example');
    await shot('oidc-configured');
    // Saved without the secret, and never shown.
    const info = await s.post('/open/system/sso/auth-config-info', {}, { token: owner.token });
    expect(info.data).toMatchObject({ sso_enabled: true, login_types: ['sso'], domains: ['acme.example'], client_secret_set: true });
    expect(await page.content()).not.toContain(oidc.clientSecret);
  });

  it('a new member signs in through the company’s OIDC provider and lands in the console with the default role', async () => {
    await logOut(owner.username);
    await page.waitForURL((u) => u.pathname === '/login');
    // A fresh login page: the one logging out led to would bring Mei back to the owner's page.
    await page.goto(`${base}/login`);
    await page.getByTestId('way-company').click();
    await page.getByLabel(t('login.company')).fill('mei@acme.example');
    await shot('company-sign-in');
    await page.getByTestId('company-submit').click();
    // The IdP's own login page.
    await page.waitForURL((u) => u.href.startsWith(oidc.issuer));
    await page.fill('input[name=login]', 'mei');
    await page.fill('input[name=password]', 'any');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((u) => u.href.startsWith(`${base}/account`));
    await page.getByText('Mei Lin').first().waitFor();
    await shot('oidc-landed');
    const mei = (await s.db.query<{ guid: string; role_guids: string[] }>(`select guid, role_guids from users where username = 'mei'`)).rows[0];
    expect(mei.role_guids).toHaveLength(1);
    await flushLogins(s);
    expect((await loginRows(s, 'mei')).at(-1)).toMatchObject({ result: 'success', method: 'oidc' });
  });

  it('with SSO only, a member’s password is refused with a sentence naming the company sign-in', async () => {
    await logOut('Mei Lin');
    // Signing out went through the provider's end-session page, which asks before it ends its own session.
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL((u) => u.href.startsWith(`${base}/login`));
    // Mei had set a password before the BU went SSO-only.
    await s.db.query(`update users set password = $1 where username = 'mei'`, [await hashPassword('MeiPassw0rd')]);
    await page.fill('input[name=username]', 'mei');
    await page.fill('input[name=password]', 'MeiPassw0rd');
    await page.click('[data-testid=login-submit]');
    const company = (await s.db.query<{ name: string }>('select name from bu where guid = $1', [owner.buGuid])).rows[0].name;
    await page.getByText(r('server.sso.password_not_allowed', { company })).first().waitFor();
    await shot('password-refused');
  });

  it('a SAML IdP: configured on the same page, a new member signs in through its login page', async () => {
    await page.fill('input[name=username]', owner.username);
    await page.fill('input[name=password]', owner.password);
    await page.click('[data-testid=login-submit]');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await openSsoTab();
    // A required select: its label carries the asterisk.
    await page.getByRole('combobox', { name: new RegExp(`^${label('protocol')}`) }).click();
    await page.getByRole('option', { name: r('resources.auth-config.values.protocol.saml') }).click();
    await field(label('idp_metadata_url')).fill(saml.metadataUrl);
    await page.locator('[name="domains.0"]').fill('globex.example');
    await page.getByRole('button', { name: t('tenant.save') }).click();
    await page.getByText(t('tenant.saved')).first().waitFor();
    await page.getByTestId('check-run').click();
    await page.getByTestId('check-result').getByText(r('server.sso.check.ok_saml')).waitFor();
    await page.getByTestId('check-items').getByText(`${base}/open/sso/saml/acs/${owner.buGuid}`).waitFor();
    await proveDomain('globex.example');
    await shot('saml-configured');
    saml.trust(await (await fetch(`${base}/open/sso/saml/metadata/${owner.buGuid}`)).text());
    await logOut(owner.username);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.goto(`${base}/login`);
    await page.getByTestId('way-company').click();
    await page.getByLabel(t('login.company')).fill('sam@globex.example');
    await page.getByTestId('company-submit').click();
    await page.waitForURL((u) => u.href.startsWith(saml.base));
    await page.getByLabel('User').fill('sam');
    await page.getByLabel('Password').fill('any');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Continue to the platform' }).click();
    await page.waitForURL((u) => u.href.startsWith(`${base}/account`));
    await page.getByText('Sam Ortiz').first().waitFor();
    await shot('saml-landed');
    await flushLogins(s);
    expect((await loginRows(s, 'sam')).at(-1)).toMatchObject({ result: 'success', method: 'saml' });
  });

  it('a refused company sign-in shows its sentence on the way back', async () => {
    await logOut('Sam Ortiz');
    // Signing out went on to the IdP's single logout.
    await page.getByText('You are signed out of Acme.').waitFor();
    await page.goto(`${base}/login`);
    saml.variant = { audience: 'https://another-sp.example' };
    await page.getByTestId('way-company').click();
    await page.getByLabel(t('login.company')).fill('sam@globex.example');
    await page.getByTestId('company-submit').click();
    await page.getByLabel('User').fill('sam');
    await page.getByLabel('Password').fill('any');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Continue to the platform' }).click();
    await page.getByTestId('sso-refusal').getByText(r('server.sso.rejected.audience')).waitFor();
    await shot('refused');
    saml.variant = {};
  });

  it('changing the identity provider says how many linked accounts the save unlinks, before saving', async () => {
    await page.goto(`${base}/login`);
    await page.fill('input[name=username]', owner.username);
    await page.fill('input[name=password]', owner.password);
    await page.click('[data-testid=login-submit]');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await openSsoTab();
    // The BU signs in through SAML now (the form shows only SAML's fields): another metadata address is another IdP.
    await field(label('idp_metadata_url')).fill(`${saml.metadataUrl}?another`);
    await page.getByRole('button', { name: t('tenant.save') }).click();
    await page.getByTestId('sso-unlink').getByText(r('sso_form.unlink_body', { smart_count: 1 })).waitFor();
    await shot('unlink-confirm');
    await page.getByRole('button', { name: lang === 'zh' ? raZh.ra.action.cancel : raEn.ra.action.cancel }).click();
    // Cancelled: nothing was saved, Sam stays linked.
    expect((await s.db.query(`select 1 from sso_identity where bu_guid = $1 and protocol = 'saml'`, [owner.buGuid])).rows).toHaveLength(1);
  });

  it('the owner links their own company sign-in from personal settings, through the IdP, and sees it linked', async () => {
    await logOut(owner.username);
    await page.waitForURL((u) => u.pathname === '/login');
    // From the home page, by clicks: log in, the console, personal settings.
    await page.goto(`${base}/`);
    await page.getByTestId('login-button').click();
    await page.fill('input[name=username]', owner.username);
    await page.fill('input[name=password]', owner.password);
    await page.click('[data-testid=login-submit]');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    if (new URL(page.url()).pathname === '/') await page.getByRole('link', { name: t('home.to_console') }).first().click();
    await openFromSidebar(page, '/account/info');
    const card = page.getByTestId('personal-sso');
    await card.getByText(t('personal.sso_not_linked')).waitFor();
    await card.getByRole('button', { name: t('personal.sso_link') }).click();
    // The BU signs in through the SAML IdP now: its own login page, as the owner's company account.
    saml.users.set('boss', { email: 'boss@globex.example', name: 'Boss' });
    await page.waitForURL((u) => u.href.startsWith(saml.base));
    await page.getByLabel('User').fill('boss');
    await page.getByLabel('Password').fill('any');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Continue to the platform' }).click();
    await card.getByTestId('personal-sso-result').getByText(t('personal.sso_link_done')).waitFor();
    await card.getByRole('button', { name: t('personal.sso_unlink') }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot('personal-linked');
    const links = await s.db.query('select subject, linked_by from sso_identity where user_guid = $1', [owner.guid]);
    expect(links.rows).toEqual([{ subject: 'boss@globex.example', linked_by: 'self' }]);
  });

  it('left no browser problem and no serious accessibility violation', () => {
    expect(w.problems, w.problems.join('\n')).toEqual([]);
    expect(w.violations).toEqual([]);
  });
});
