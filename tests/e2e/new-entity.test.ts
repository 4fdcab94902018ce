import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index.ts';
import { CHROMIUM } from '../helpers/browser.ts';
import { buildWithFixture } from '../helpers/fixture-build.ts';
import { journey } from '../helpers/journey.ts';
import { intoConsole, openFromSidebar } from '../helpers/sidebar.ts';
import { tenantWithBu } from '../helpers/tenant-flows.ts';
import { holiday, holidayLabels } from '../fixtures/holiday-entity.ts';

const available = existsSync(CHROMIUM);
if (!available) console.warn(`SKIPPED: the recipe's browser journey needs ${CHROMIUM}.`);

const defs = [...resources, holiday];
/** Filled by the build before the journey's server starts: its getters are read then. */
const built = { dir: '' };
const NAMES = { zh: '节假日', hk: '節假日', en: 'Holiday' } as const;

/**
 * The README's recipe in the browser: the web app built from the registry plus the `holiday`
 * fixture (one schema, one definition, its labels; no route, menu or page file touched) gives a
 * tenant a page of the BU's holidays, reached from the home page by clicks, and operators a page
 * of their own, titled in zh, hk and en. Axe on every screen; no console errors.
 */
describe.skipIf(!available)('a new entity by the recipe, in the browser (Chromium)', () => {
  beforeAll(async () => {
    built.dir = await buildWithFixture({ def: holiday, module: 'tests/fixtures/holiday-entity.ts', labels: holidayLabels });
  });
  let tenant: Awaited<ReturnType<typeof tenantWithBu>>;
  const j = journey('zh', 'recipe', async (s) => {
    tenant = await tenantWithBu(s);
  }, {
    defs,
    get staticDir() {
      return built.dir;
    },
    // No renderer built for it: the public pages render in the browser.
    get ssrDir() {
      return join(built.dir, 'no-renderer');
    },
  });
  afterAll(() => rmSync(built.dir, { recursive: true, force: true }));

  it('a tenant signs in from the home page, opens the BU’s holidays from the sidebar and adds one', async () => {
    const { page } = j.w;
    await page.goto(`${j.base}/`);
    await page.getByTestId('login-button').click();
    await page.fill('input[name=username]', tenant.username);
    await page.fill('input[name=password]', tenant.password);
    await page.click('[data-testid=login-submit]');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await intoConsole(page);
    // The BU's own pages are the header's business section.
    await page.getByTestId('section-/business').click();
    await openFromSidebar(page, '/business/holiday');
    expect(await page.getByTestId('menu-/business/holiday').innerText()).toContain(NAMES.zh);
    await page.getByRole('heading', { name: NAMES.zh }).waitFor();
    await page.getByTestId('list-empty').waitFor();
    await j.shot('01-empty');
    await page.getByTestId('list-empty').getByRole('link', { name: '新增' }).click();
    await page.getByLabel('名称').fill('元旦');
    await page.getByLabel('日期').fill('2027-01-01');
    await page.getByRole('button', { name: '保存' }).first().click();
    await page.getByRole('row', { name: /元旦/ }).waitFor();
    await openFromSidebar(page, '/business/holiday');
    await page.getByRole('row', { name: /元旦/ }).waitFor();
    await j.shot('02-added');
    const rows = (await j.s.db.query<{ name: string; day: string; bu_guid: string }>("select name, to_char(day, 'YYYY-MM-DD') as day, bu_guid from holiday")).rows;
    expect(rows).toEqual([{ name: '元旦', day: '2027-01-01', bu_guid: tenant.buGuid }]);
  });

  it('the page, its menu entry and its columns read in traditional Chinese and English', async () => {
    const { page } = j.w;
    for (const lang of ['hk', 'en'] as const) {
      await page.getByTestId('language-switch').click();
      await page.getByTestId(`language-${lang}`).click();
      await page.getByRole('heading', { name: NAMES[lang] }).waitFor();
      expect(await page.getByTestId('menu-/business/holiday').innerText()).toContain(NAMES[lang]);
      await page.getByRole('columnheader', { name: (holidayLabels[lang] as { fields: { day: string } }).fields.day }).waitFor();
      await j.shot(`03-${lang}`);
    }
  });

  it('an operator opens the platform’s holidays from the operator console’s sidebar and adds one', async () => {
    const op = await j.operator();
    await openFromSidebar(op.page, '/operation/holiday');
    expect(await op.page.getByTestId('menu-/operation/holiday').innerText()).toContain(NAMES.zh);
    await op.page.getByTestId('list-empty').getByText(NAMES.zh).waitFor();
    await op.page.getByTestId('list-empty').getByRole('link', { name: '新增' }).click();
    await op.page.getByLabel('名称').fill('国庆节');
    await op.page.getByLabel('日期').fill('2027-10-01');
    await op.page.getByRole('button', { name: '保存' }).first().click();
    await op.page.getByRole('row', { name: /国庆节/ }).waitFor();
    await j.shot('04-operator', op);
  });
});
