import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UnreadBadge } from '../../layouts/UnreadBadge.tsx';
import { MESSAGE_TABS } from '../../resources/message-tabs.ts';
import { message } from '../../resources/message.ts';
import { publicRead } from '../../src/public/call.ts';
import { LangProvider } from '../../src/shell/LangContext.tsx';
import { tenantScreensOf } from '../../resources/screens.ts';

/**
 * The bell opens the message center at the tab holding the unread messages it counts (issue 44:
 * it counted an app's messages and opened the user messages' tab, which had none).
 */
vi.mock('../../src/public/call.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../src/public/call.ts')>()), publicRead: vi.fn() }));
vi.mock('../../src/shell/SessionContext.tsx', () => ({
  useSession: () => ({ signedIn: true, loading: false, operator: false, buList: [], currentBU: { guid: 'bu-1', bu_name: 'Acme' }, permissions: { urls: [], codes: [], pages: [], tree: [] }, refresh: () => undefined }),
}));

const Where = () => <span data-testid="where">{useLocation().pathname}</span>;

beforeEach(() => localStorage.setItem('open:language', JSON.stringify('en')));
afterEach(cleanup);

describe('the header’s bell', () => {
  it('opens the tab of the first kind with unread messages', async () => {
    vi.mocked(publicRead).mockResolvedValue({ quantity: 2, kinds: [{ kind: 0, quantity: 0 }, { kind: 1, quantity: 2 }, { kind: 2, quantity: 0 }] });
    render(
      <MemoryRouter initialEntries={['/account/info']}>
        <LangProvider>
          <Suspense fallback={null}>
            <UnreadBadge />
            <Routes>
              <Route path="*" element={<Where />} />
            </Routes>
          </Suspense>
        </LangProvider>
      </MemoryRouter>,
    );
    await screen.findByText('2');
    fireEvent.click(screen.getByTestId('unread-badge'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/account/notify-message/app'));
  });

  it('knows every tab of the message center: each kind’s tab is a screen of the message definition', () => {
    expect(tenantScreensOf(message).map((s) => s.url)).toEqual(Object.values(MESSAGE_TABS));
  });
});
