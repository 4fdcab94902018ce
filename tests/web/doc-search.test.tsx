import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import docsEn from '../../i18n/ui/docs/en.ts';
import SearchPage from '../../src/pages/docs/SearchPage.tsx';
import { publicRead } from '../../src/public/call.ts';
import { LangProvider } from '../../src/shell/LangContext.tsx';

/**
 * The developer search answers documents, apps and capabilities together: when only an app
 * matches ("租赁" beside the 租赁 app, issue 44), the heading says no document matched, not that
 * nothing did.
 */
vi.mock('../../src/public/call.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../src/public/call.ts')>()), publicRead: vi.fn() }));

const answer = (apps: { guid: string; name: string; icon: null; summary: null }[]) => ({ query: '租赁', list: [], count: 0, apps, capabilities: [] });
const search = async () => {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[`/developer/search?query=${encodeURIComponent('租赁')}`]}>
        <LangProvider>
          <Suspense fallback={null}>
            <SearchPage />
          </Suspense>
        </LangProvider>
      </MemoryRouter>,
    );
  });
  return screen.findByTestId('search-count');
};
const said = (key: 'no_results' | 'no_doc_results') => docsEn.docs[key].replace('%{query}', '租赁');

beforeEach(() => localStorage.setItem('open:language', JSON.stringify('en')));
afterEach(cleanup);

describe('the developer search’s heading', () => {
  it('an app matches, no document: says no document did, and lists the app', async () => {
    vi.mocked(publicRead).mockResolvedValue(answer([{ guid: 'a-1', name: '租赁', icon: null, summary: null }]));
    const heading = await search();
    await vi.waitFor(() => expect(heading.textContent).toBe(said('no_doc_results')));
    expect(screen.getByRole('link', { name: '租赁' }).getAttribute('href')).toBe('/appStore/a-1');
  });

  it('nothing matches: says so', async () => {
    vi.mocked(publicRead).mockResolvedValue(answer([]));
    const heading = await search();
    await vi.waitFor(() => expect(heading.textContent).toBe(said('no_results')));
  });
});
