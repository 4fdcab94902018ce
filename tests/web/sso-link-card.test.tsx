import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, it, vi } from 'vitest';
import { post } from '../../dataProvider/http.ts';
import zh from '../../i18n/ui/zh.ts';
import { SsoLinkCard } from '../../src/console/SsoLinkCard.tsx';
import { LangProvider } from '../../src/shell/LangContext.tsx';

vi.mock('../../dataProvider/http.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../dataProvider/http.ts')>()), post: vi.fn() }));

afterEach(cleanup);

/**
 * Back from the IdP with a link to collect, the card shows the account linked (the SSO journey
 * found it saying "Not linked" under "Linked" when the first ask for the link's state was slower
 * than collecting the link: the refetch after it joined that first ask).
 */
it('asks whether the account is linked only once the link is collected, and shows it linked', async () => {
  let linked = false;
  const calls: string[] = [];
  vi.mocked(post).mockImplementation((async (path: string) => {
    calls.push(path);
    if (path === '/open/sso/link/finish') {
      await new Promise((r) => setTimeout(r, 10));
      linked = true;
      return { issuer: 'https://idp.example' };
    }
    // The state as it was when asked, answered slowly.
    const answer = { offered: true, linked: linked ? { issuer: 'https://idp.example', protocol: 'saml' } : null };
    await new Promise((r) => setTimeout(r, 50));
    return answer;
  }) as typeof post);
  render(
    <MemoryRouter initialEntries={['/account/info?sso_link=flow-1']}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <LangProvider>
          <Suspense fallback={null}>
            <SsoLinkCard />
          </Suspense>
        </LangProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  await screen.findByText(zh.personal.sso_link_done);
  await screen.findByRole('button', { name: zh.personal.sso_unlink });
  expect(calls).toEqual(['/open/sso/link/finish', '/open/sso/link/info']);
});
