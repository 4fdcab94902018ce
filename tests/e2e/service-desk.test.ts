import { describe, expect, it } from 'vitest';
import resZh from '../../i18n/resources/zh.ts';
import resEn from '../../i18n/resources/en.ts';
import srvZh from '../../i18n/server/zh.ts';
import srvEn from '../../i18n/server/en.ts';
import comZh from '../../i18n/common/zh.ts';
import comEn from '../../i18n/common/en.ts';
import zh from '../../i18n/ui/zh.ts';
import en from '../../i18n/ui/en.ts';
import { chromiumAvailable, CHROMIUM } from '../helpers/browser.ts';
import { DIST, journey } from '../helpers/journey.ts';
import { publishDue } from '../../server/services/announcements.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the service desk journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const UI = { zh: { ...zh, ...srvZh, ...comZh, ...resZh }, en: { ...en, ...srvEn, ...comEn, ...resEn } } as const;
/** A 1×1 PNG. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d2ad150000000049454e44ae426082', 'hex');

/**
 * A tenant raises a work order with an attachment in the console; an operator takes it up and
 * replies in its conversation, then marks it processed; the tenant reads the reply and closes it
 * with a rating. In zh and en; axe on every screen; no console errors.
 */
describe.skipIf(!available).each(['zh', 'en'] as const)('service desk journey (Chromium, %s)', (lang) => {
  const t = (key: string) => key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string;
  const res = (key: string) => t(`resources.work-order.${key}`);
  const title = `Cannot sign in ${uid()}`;
  let tenant: Awaited<ReturnType<typeof tenantWithBu>>;
  const j = journey(lang, 'w', async (s) => {
    tenant = await tenantWithBu(s);
  });

  const state = (page: import('playwright-core').Page, value: string) => page.getByText(res(`values.state.${value}`), { exact: true }).first().waitFor();

  it('the tenant raises a work order with an attachment; its page shows it to be assigned', async () => {
    const { page } = j.w;
    await j.signIn(tenant);
    await page.goto(`${j.base}/account/work-order/create`);
    await page.getByLabel(res('fields.title')).fill(title);
    await page.getByLabel(res('fields.description')).fill('The login page says the account is frozen.');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: t('files.attach') }).click();
    await (await chooser).setFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('screen.png').waitFor();
    await page.getByText(res('fields.attachments'), { exact: true }).waitFor();
    await j.shot('01-raise');
    await page.locator('button[type=submit]').click();
    await page.getByText(title).first().waitFor();
    await j.shot('02-list');
    await page.getByText(title).first().click();
    await page.getByTestId('conversation').waitFor();
    await state(page, '0');
    const stored = (await j.s.db.query<{ attachments: string[]; state: number }>('select attachments, state from work_order where title = $1', [title])).rows[0];
    expect(stored.state).toBe(0);
    expect(stored.attachments).toHaveLength(1);
    expect(stored.attachments[0]).toMatch(/^\/open\/file\/[0-9a-f-]{36}$/);
    // The attachment is private: by its address alone (no token) it is not found; on the page it is a
    // button named by the file, reached by Tab, that downloads it with the tenant's token.
    expect((await page.request.get(`${j.base}${stored.attachments[0]}`)).status()).toBe(404);
    const link = page.getByRole('button', { name: 'screen.png' });
    await link.focus();
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toBe('screen.png');
  });

  it('the operator takes it up, replies and marks it processed', async () => {
    const op = await j.operator();
    const guid = (await j.s.db.query<{ guid: string }>('select guid from work_order where title = $1', [title])).rows[0].guid;
    await op.page.goto(`${j.base}/operation/work-order/${guid}/show`);
    await op.page.getByRole('button', { name: 'screen.png' }).waitFor();
    await op.page.getByTestId('status-take_up').click();
    await state(op.page, '1');
    await op.page.getByTestId('conversation-reply').fill('Unfrozen now; please try again.');
    await op.page.getByTestId('conversation-send').click();
    await op.page.getByText('Unfrozen now; please try again.').waitFor();
    await j.shot('03-operator', op);
    await op.page.getByTestId('status-mark_processed').click();
    await state(op.page, '2');
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  });

  it('the tenant’s badge counts the operator’s messages; opening one in the message center reads it', async () => {
    const { page } = j.w;
    await page.goto(`${j.base}/account/notify-message`);
    const badge = page.getByTestId('unread-count');
    await expect.poll(async () => Number((await badge.innerText()).trim() || 0), { timeout: 10_000 }).toBe(3);
    const number = (await j.s.db.query<{ number: string }>('select number from work_order where title = $1', [title])).rows[0].number;
    const reply = t('messages.work_order_reply.title').replace('%{number}', number);
    await page.getByText(reply).waitFor();
    await j.shot('04-messages');
    await page.getByText(reply).click();
    await page.getByText(title).first().waitFor();
    await expect.poll(async () => Number((await badge.innerText()).trim() || 0), { timeout: 10_000 }).toBe(2);
    await j.shot('05-message');
    // Only the unread ones, then all of them read at once: the badge follows.
    await page.goto(`${j.base}/account/notify-message`);
    await page.getByText(reply).waitFor();
    const rows = page.getByTestId('resource-list').locator('tbody tr');
    expect(await rows.count()).toBe(3);
    await page.getByLabel(t('resources.message.fields.unread')).check();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await j.shot('05b-unread');
    await page.getByTestId('list-action-read_all').click();
    await page.getByText(t('list_actions.message.read_all_done')).waitFor();
    // Nothing unread: no badge (not a hidden one keeping its last figure), and the button's label says there are none.
    await expect.poll(() => page.getByTestId('unread-badge').getAttribute('aria-label'), { timeout: 10_000 }).toBe(t('header.messages'));
    expect(await badge.count()).toBe(0);
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(0);
  });

  it('the tenant reads the reply and closes the work order with a rating', async () => {
    const { page } = j.w;
    const guid = (await j.s.db.query<{ guid: string }>('select guid from work_order where title = $1', [title])).rows[0].guid;
    await page.goto(`${j.base}/account/work-order/${guid}/show`);
    await page.getByText('Unfrozen now; please try again.').waitFor();
    await state(page, '2');
    await page.getByTestId('status-evaluate').click();
    await page.getByTestId('transition-rating').fill('5');
    await page.getByTestId('transition-comment').fill('Fixed within the hour');
    await j.shot('06-evaluate');
    await page.locator('.ra-confirm').click();
    await state(page, '3');
    await page.getByText('Fixed within the hour').first().waitFor();
    expect(await page.getByTestId('conversation-move').count()).toBe(4);
    await j.shot('07-closed');
    const stored = (await j.s.db.query<{ state: number; rating: number }>('select state, rating from work_order where title = $1', [title])).rows[0];
    expect(stored).toEqual({ state: 3, rating: 5 });
    // A closed work order takes no reply: the server says why, and the text stays in the box.
    await page.getByTestId('conversation-reply').fill('One more thing');
    await page.getByTestId('conversation-send').click();
    await page.getByText(t('server.work_order_closed')).waitFor();
    expect(await page.getByTestId('conversation-reply').inputValue()).toBe('One more thing');
  });

  it('an announcement scheduled a minute ahead reaches the tenant once it is published', async () => {
    const op = await j.operator();
    const heading = `Maintenance ${uid()}`;
    const at = new Date(Date.now() + 60_000);
    const made = await j.s.post('/open/admin/sys-announcement/add', { title: heading, body: 'The platform is down **tonight** from 22:00.', audience: 0, publish_at: at.toISOString() }, { token: await j.s.login() });
    expect(made.data.state).toBe(0);
    await op.page.goto(`${j.base}/operation/announcement`);
    await op.page.getByText(heading).waitFor();
    await j.shot('08-announcements', op);
    const { page } = j.w;
    await page.goto(`${j.base}/account/notify-message/bu`);
    await page.getByTestId('unread-badge').waitFor();
    expect(await page.getByText(heading).count()).toBe(0);
    // The scheduler's run a minute later (its clock injected).
    expect(await publishDue(j.s.db, new Date(at.getTime() + 1000))).toBe(1);
    await page.reload();
    await page.getByText(heading).click();
    await page.locator('strong', { hasText: 'tonight' }).waitFor();
    await j.shot('09-announcement');
  });

  it('no console errors and no serious accessibility violations', () => {
    expect(j.w.problems).toEqual([]);
    expect(j.w.violations).toEqual([]);
  });
});
