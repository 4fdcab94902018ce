import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, chromiumAvailable, launch, watchPage, type Watched } from '../helpers/browser.ts';
import { DIST } from '../helpers/journey.ts';
import { flushLogins, loginRows } from '../helpers/login-log.ts';
import { startOidcIdp, type OidcIdp } from '../helpers/oidc-idp.ts';
import { startSamlIdp, type SamlIdp } from '../helpers/saml-idp.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu } from '../helpers/tenant-flows.ts';
import { hashPassword } from '../../server/auth/password.ts';

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

describe.skipIf(!available)('SSO journey (Chromium): the owner sets up the company sign-in, members sign in through the IdPs', () => {
  let s: TestServer;
  let base: string;
  let oidc: OidcIdp;
  let saml: SamlIdp;
  let browser: Browser;
  let w: Watched;
  let page: Page;
  let owner: Awaited<ReturnType<typeof tenantWithBu>>;
  const shot = async (name: string, on: Watched = w) => {
    await on.shot(`sso-en-${name}`);
    await on.axe(name);
  };

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    s = await startServer({ options: { staticDir: resolve(DIST), publicUrl: base, sso: { allowPrivate: true } } });
    await s.app.listen({ port, host: '127.0.0.1' });
    oidc = await startOidcIdp({ redirectUri: `${base}/open/sso/oidc/callback`, postLogoutUri: `${base}/login` });
    oidc.users.set('mei', { email: 'mei@acme.example', name: 'Mei Lin' });
    saml = await startSamlIdp();
    saml.users.set('sam', { email: 'sam@globex.example', name: 'Sam Ortiz' });
    owner = await tenantWithBu(s);
    await s.post('/open/system/role/add', { name: 'Staff', code: 'staff' }, { token: owner.token });
    browser = await launch();
    // The IdPs' own pages ask for web fonts this machine cannot reach and a favicon they do not have;
    // a failed call of the platform's would still show as its own `[status] METHOD path` line.
    w = await watchPage(browser, { expected: [/^\[console\] Failed to load resource: net::ERR_NAME_NOT_RESOLVED$/, /^\[console\] Failed to load resource: the server responded with a status of 404 \(Not Found\)$/] });
    page = w.page;
    await page.addInitScript(() => localStorage.setItem('open:language', JSON.stringify('en')));
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await w.shot(`fail-sso-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
    await s?.close();
    await oidc?.close();
    await saml?.close();
  });

  const field = (label: string | RegExp) => page.getByLabel(label, { exact: typeof label === 'string' });

  it('the owner configures OIDC on the SSO page, tests the connection and allows SSO only', async () => {
    // A deep link to the SSO page: the login page first, then back to it.
    await page.goto(`${base}/account/enterprise/sso/auth`);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.fill('input[name=username]', owner.username);
    await page.fill('input[name=password]', owner.password);
    await page.click('[data-testid=login-submit]');
    await page.waitForURL((u) => u.pathname === '/account/enterprise/sso/auth');
    await page.getByTestId('check-panel').waitFor();
    await field('SSO enabled').check();
    await field('Issuer URL (OIDC)').fill(oidc.issuer);
    await field('Client ID (OIDC)').fill(oidc.clientId);
    await field('Client secret (OIDC; type to replace)').fill(oidc.clientSecret);
    await page.getByRole('button', { name: 'Add' }).click();
    await page.locator('[name="domains.0"]').fill('acme.example');
    await field('Create accounts at the first sign-in').check();
    await field('Role of created accounts').click();
    await page.getByRole('option', { name: 'Staff' }).click();
    await field('Login types').click();
    await page.getByRole('option', { name: 'Single sign-on' }).click();
    await page.getByRole('option', { name: 'Username and password' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').first().waitFor();
    await page.getByTestId('check-run').click();
    await page.getByTestId('check-result').getByText('Connected: the discovery document and the provider’s signing keys were read.').waitFor();
    await page.getByTestId('check-items').getByText(`${base}/open/sso/oidc/callback`).waitFor();
    await shot('oidc-configured');
    // Saved without the secret, and never shown.
    const info = await s.post('/open/system/sso/auth-config-info', {}, { token: owner.token });
    expect(info.data).toMatchObject({ sso_enabled: true, login_types: ['sso'], domains: ['acme.example'], client_secret_set: true });
    expect(await page.content()).not.toContain(oidc.clientSecret);
  });

  it('a new member signs in through the company’s OIDC provider and lands in the console with the default role', async () => {
    await page.getByRole('button', { name: owner.username }).click();
    await page.getByRole('menuitem', { name: /log out/i }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    // A fresh login page: the one logging out led to would bring Mei back to the owner's page.
    await page.goto(`${base}/login`);
    await page.getByTestId('way-company').click();
    await page.getByLabel('Company code or work e-mail').fill('mei@acme.example');
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
    await page.getByRole('button', { name: 'Mei Lin' }).click();
    await page.getByRole('menuitem', { name: /log out/i }).click();
    // Signing out went through the provider's end-session page, which asks before it ends its own session.
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL((u) => u.href.startsWith(`${base}/login`));
    // Mei had set a password before the BU went SSO-only.
    await s.db.query(`update users set password = $1 where username = 'mei'`, [await hashPassword('MeiPassw0rd')]);
    await page.fill('input[name=username]', 'mei');
    await page.fill('input[name=password]', 'MeiPassw0rd');
    await page.click('[data-testid=login-submit]');
    await page.getByText('signs its members in through its own company sign-in: choose “Sign in with your company” on the login page.').first().waitFor();
    await shot('password-refused');
  });

  it('a SAML IdP: configured on the same page, a new member signs in through its login page', async () => {
    await page.fill('input[name=username]', owner.username);
    await page.fill('input[name=password]', owner.password);
    await page.click('[data-testid=login-submit]');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto(`${base}/account/enterprise/sso/auth`);
    await page.getByTestId('check-panel').waitFor();
    await field('Protocol').click();
    await page.getByRole('option', { name: 'SAML' }).click();
    await field('IdP metadata URL (SAML)').fill(saml.metadataUrl);
    await page.locator('[name="domains.0"]').fill('globex.example');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').first().waitFor();
    await page.getByTestId('check-run').click();
    await page.getByTestId('check-result').getByText('Connected: the identity provider metadata and its signing certificates were read.').waitFor();
    await page.getByTestId('check-items').getByText(`${base}/open/sso/saml/acs/${owner.buGuid}`).waitFor();
    await shot('saml-configured');
    saml.trust(await (await fetch(`${base}/open/sso/saml/metadata/${owner.buGuid}`)).text());
    await page.getByRole('button', { name: owner.username }).click();
    await page.getByRole('menuitem', { name: /log out/i }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.goto(`${base}/login`);
    await page.getByTestId('way-company').click();
    await page.getByLabel('Company code or work e-mail').fill('sam@globex.example');
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
    await page.getByRole('button', { name: 'Sam Ortiz' }).click();
    await page.getByRole('menuitem', { name: /log out/i }).click();
    // Signing out went on to the IdP's single logout.
    await page.getByText('You are signed out of Acme.').waitFor();
    await page.goto(`${base}/login`);
    saml.variant = { audience: 'https://another-sp.example' };
    await page.getByTestId('way-company').click();
    await page.getByLabel('Company code or work e-mail').fill('sam@globex.example');
    await page.getByTestId('company-submit').click();
    await page.getByLabel('User').fill('sam');
    await page.getByLabel('Password').fill('any');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Continue to the platform' }).click();
    await page.getByTestId('sso-refusal').getByText('The company sign-in was refused: the answer was meant for another application (audience).').waitFor();
    await shot('refused');
    saml.variant = {};
  });

  it('left no browser problem and no serious accessibility violation', () => {
    expect(w.problems, w.problems.join('\n')).toEqual([]);
    expect(w.violations).toEqual([]);
  });
});
