import type { Page } from 'playwright-core';

/** Opens a console page from the sidebar by clicks, expanding the groups above it. */
export const openFromSidebar = async (page: Page, url: string) => {
  const parts = url.split('/').filter(Boolean);
  for (let i = 1; i < parts.length; i++) {
    const group = page.getByTestId(`menu-/${parts.slice(0, i).join('/')}`);
    if ((await group.count()) && (await group.first().getAttribute('aria-expanded')) === 'false') await group.first().click();
  }
  await page.getByTestId(`menu-${url}`).first().click();
  await page.waitForURL((u) => u.pathname === url || u.pathname.startsWith(`${url}/`));
  // The address changes first; the last screen stays on view (rows and all) until the next one is drawn.
  // Whole segments only: a sibling's address may share the prefix (/operation/app-audit, /operation/app).
  await page.waitForFunction((url) => [...document.querySelectorAll('[data-screen]')].every((e) => e.getAttribute('data-screen') === url || e.getAttribute('data-screen')!.startsWith(`${url}/`)), url);
};

/** Into the console after signing in: from the public home by the header's console entry, or already there. */
export const intoConsole = async (page: Page) => {
  await page.getByTestId('section-console').or(page.getByTestId('sidebar')).first().waitFor();
  if (await page.getByTestId('section-console').count()) await page.getByTestId('section-console').click();
  await page.getByTestId('sidebar').waitFor();
};
