import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '../../dataProvider/authProvider.ts';
import { post } from '../../dataProvider/http.ts';
import zh from '../../i18n/ui/zh.ts';
import { LoginPage } from '../../src/pages/LoginPage.tsx';
import { LangProvider } from '../../src/shell/LangContext.tsx';
import { SessionProvider } from '../../src/shell/SessionContext.tsx';

/**
 * The sign-in forms say an empty field is needed in the page's language (they are `noValidate`: the
 * browser's tooltip would use the browser's), call nothing until it is filled, and drop the
 * message as the person types.
 */
vi.mock('../../dataProvider/authProvider.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../dataProvider/authProvider.ts')>()), login: vi.fn(async () => undefined) }));
vi.mock('../../dataProvider/http.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../dataProvider/http.ts')>()), post: vi.fn() }));

const page = (operator = false) =>
  render(
    <MemoryRouter initialEntries={[operator ? '/adminLogin' : '/login']}>
      <LangProvider>
        <SessionProvider>
          <LoginPage operator={operator} />
        </SessionProvider>
      </LangProvider>
    </MemoryRouter>,
  );

beforeEach(() => {
  localStorage.setItem('open:language', JSON.stringify('zh'));
  vi.mocked(login).mockClear();
  vi.mocked(post).mockReset();
});
afterEach(cleanup);

describe('sign-in forms with an empty field', () => {
  it('the password form marks each empty field and calls nothing; typing clears the mark; filled, it signs in', async () => {
    page(true);
    const form = screen.getByTestId('login-form');
    expect(form.hasAttribute('novalidate')).toBe(true);
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findAllByText(zh.login.required)).toHaveLength(2);
    expect(login).not.toHaveBeenCalled();
    const username = form.querySelector<HTMLInputElement>('input[name=username]')!;
    fireEvent.input(username, { target: { value: 'admin' } });
    await waitFor(() => expect(screen.getAllByText(zh.login.required)).toHaveLength(1));
    expect(form.querySelector('input[name=password]')!.getAttribute('aria-invalid')).toBe('true');
    fireEvent.input(form.querySelector('input[name=password]')!, { target: { value: 'secret' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(login).toHaveBeenCalledWith({ username: 'admin', password: 'secret', operator: true }));
  });

  it('the company form says the company is needed instead of going to the IdP', async () => {
    page();
    fireEvent.click(screen.getByTestId('way-company'));
    const form = await screen.findByTestId('company-form');
    expect(form.hasAttribute('novalidate')).toBe(true);
    fireEvent.click(screen.getByTestId('company-submit'));
    await screen.findByText(zh.login.required);
    expect(post).not.toHaveBeenCalled();
  });

  it('the code form asks for the code before signing in with it', async () => {
    vi.mocked(post).mockResolvedValueOnce({});
    page();
    fireEvent.click(screen.getByTestId('way-code'));
    const form = await screen.findByTestId('code-form');
    expect(form.hasAttribute('novalidate')).toBe(true);
    fireEvent.change(form.querySelector('input[name=account]')!, { target: { value: 'owner' } });
    fireEvent.click(screen.getByTestId('code-send'));
    fireEvent.click(await screen.findByTestId('code-submit'));
    await screen.findByText(zh.login.required);
    expect(vi.mocked(post).mock.calls.map(([path]) => path)).toEqual(['/open/sys-auth/send-login-code']);
  });
});
