import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UnreadBadge } from '../../layouts/UnreadBadge.tsx';
import { publicRead } from '../../src/public/call.ts';
import { CAPACITY_PATH, SEARCH_PATH, type Capability, type StoreCard } from '../../src/public/types.ts';
import { HomePage } from '../../src/pages/HomePage.tsx';
import StorePage from '../../src/pages/store/StorePage.tsx';
import { LangProvider } from '../../src/shell/LangContext.tsx';

/**
 * WCAG 2.5.3 (label in name, axe's `label-content-name-mismatch`): a link or button's accessible
 * name holds the text it shows. The home page's and the store's cards once carried a name of their
 * own ("Open Connect") beside their text, and the bell a hidden "0" its name did not hold.
 */
vi.mock('../../src/public/call.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../src/public/call.ts')>()), publicRead: vi.fn() }));
vi.mock('../../src/shell/SessionContext.tsx', () => ({
  useSession: () => ({ signedIn: true, loading: false, operator: false, buList: [], currentBU: { guid: 'bu-1', bu_name: 'Acme' }, permissions: { urls: [], codes: [], pages: [], tree: [] }, refresh: () => undefined }),
}));

const APP: StoreCard = { guid: 'app-1', name: 'Connect', code: 'CONNECT', icon: null, cover_url: null, summary: 'Links every system.', provider: 'Open Platform', price: 1200, cycle: 1, labels: [{ guid: 'l-1', name: 'Contacts' }] };
const CAPS: Capability[] = [{ code: 'contact', name: 'Contacts', description: 'People and departments.', api_count: 12, event_count: 3 }];

/** What the public reads answer: the store's one app, one capability, the bell's count. */
let unread = 0;
const answer = async (path: string) => {
  if (path === SEARCH_PATH) return { list: [APP], count: 1, page: 1, page_size: 12 };
  if (path === CAPACITY_PATH) return CAPS;
  if (path.endsWith('unread-quantity')) return { quantity: unread, kinds: [{ kind: 0, quantity: unread }] };
  return [];
};

const words = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

/** The links and buttons whose own name (aria-label, aria-labelledby) does not hold the text they show. */
const mismatches = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>('a[href], button, [role=link], [role=button]')]
    .map((el) => {
      const named = el.getAttribute('aria-label') ?? el.getAttribute('aria-labelledby')?.split(/\s+/).map((id) => document.getElementById(id)?.textContent).join(' ');
      return { named: words(named), shown: words(el.textContent), testId: el.dataset.testid };
    })
    .filter(({ named, shown }) => named && shown && !named.includes(shown));

const tree = (children: ReactNode) => (
  <MemoryRouter>
    <LangProvider>
      <Suspense fallback={null}>{children}</Suspense>
    </LangProvider>
  </MemoryRouter>
);
/** Rendered in an awaited act: a page suspends until its own messages are in. */
const page = async (children: ReactNode) => {
  let rendered!: ReturnType<typeof render>;
  await act(async () => {
    rendered = render(tree(children));
  });
  return rendered;
};

beforeEach(() => {
  unread = 0;
  vi.mocked(publicRead).mockReset().mockImplementation(answer as typeof publicRead);
});
afterEach(cleanup);

describe.each(['zh', 'en'])('label in name (%s)', (lang) => {
  beforeEach(() => localStorage.setItem('open:language', JSON.stringify(lang)));

  it('the home page: the featured app, capability and way-in cards are named by their text', async () => {
    const { container } = await page(<HomePage />);
    await screen.findByText(APP.summary!);
    await screen.findByText(CAPS[0].description!);
    expect(container.querySelectorAll('a[href]').length).toBeGreaterThan(5);
    expect(mismatches(container)).toEqual([]);
  });

  it('the store: an app card is named by its text', async () => {
    const { container } = await page(<StorePage />);
    await screen.findByText(APP.summary!);
    expect(screen.getByTestId('store-card').querySelector('a[href]')).not.toBeNull();
    expect(mismatches(container)).toEqual([]);
  });

  it('the bell: nothing unread shows no figure its name lacks; unread, its name holds the figure shown', async () => {
    const bell = () => page(<UnreadBadge />);
    const { container, rerender } = await bell();
    await waitFor(() => expect(publicRead).toHaveBeenCalled());
    // A render after the count came back (another page opened) is where a hidden badge showed its "0".
    await act(async () => rerender(tree(<UnreadBadge />)));
    expect(screen.getByTestId('unread-badge')).toBeTruthy();
    expect(mismatches(container)).toEqual([]);
    cleanup();
    for (const [count, shown] of [[5, '5'], [150, '99+']] as const) {
      unread = count;
      const { container: c } = await bell();
      await waitFor(() => expect(screen.getByTestId('unread-count').textContent).toBe(shown));
      expect(mismatches(c)).toEqual([]);
      cleanup();
    }
  });
});
