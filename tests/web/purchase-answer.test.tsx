import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, it, vi } from 'vitest';
import { post } from '../../dataProvider/http.ts';
import storeZh from '../../i18n/ui/store/zh.ts';
import type { StoreDetail } from '../../src/public/types.ts';
import { LangProvider } from '../../src/shell/LangContext.tsx';
import { withPageMessages } from '../../src/shell/withPageMessages.tsx';
import { storeMessages } from '../../src/pages/store/messages.ts';
import { Purchase } from '../../src/pages/store/Purchase.tsx';

vi.mock('../../dataProvider/http.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../dataProvider/http.ts')>()), post: vi.fn() }));
vi.mock('../../src/shell/SessionContext.tsx', () => ({
  useSession: () => ({ signedIn: true, loading: false, operator: false, buList: [], currentBU: { guid: '00000000-0000-4000-8000-000000000001', name: 'BU' }, permissions: { urls: [], codes: [], pages: [], tree: [] }, refresh() {} }),
}));

afterEach(cleanup);

const app: StoreDetail = {
  guid: '00000000-0000-4000-8000-000000000002', name: 'Granted', code: 'granted', icon: null, cover_url: null, summary: null, provider: null, price: 0, cycle: 0, labels: [],
  app_description: null, description: null, screenshots: null, classifications: [], description_html: '', installed: false, scopes: [], events: [],
};

/**
 * Buying an app the platform installed meanwhile answers the installation with no order (the
 * answer's declaration, schemas/store-answers.ts, says its order fields may be null): the page
 * says the platform installed it and offers no link to an order that does not exist.
 */
it('says an app the platform installed has no order, and links to none', async () => {
  vi.mocked(post).mockResolvedValue({
    installed_guid: '00000000-0000-4000-8000-000000000003', installed_at: '2026-11-29T00:00:00Z', guid: null, number: null, state: null, amount: null, cycle: null,
    app_name: null, created_at: null, already: true,
  });
  // The store's messages in first, as the page's own chunk would be.
  await storeMessages.pending('zh');
  const Page = withPageMessages(storeMessages, () => <Purchase app={app} onBought={() => {}} />);
  render(
    <MemoryRouter>
      <LangProvider>
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </LangProvider>
    </MemoryRouter>,
  );
  fireEvent.click(await screen.findByTestId('buy'));
  fireEvent.click(await screen.findByTestId('confirm-buy'));
  expect((await screen.findByTestId('bought')).textContent).toContain(storeZh.store.had_it_granted);
  expect(screen.queryByRole('link', { name: storeZh.store.view_order })).toBeNull();
});
