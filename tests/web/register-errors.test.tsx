import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { post } from '../../dataProvider/http.ts';
import common from '../../i18n/common/zh.ts';
import AuthPages from '../../src/pages/auth/AuthPages.tsx';
import { RegisterForm } from '../../src/pages/auth/RegisterForm.tsx';
import { LangProvider } from '../../src/shell/LangContext.tsx';
import { SessionProvider } from '../../src/shell/SessionContext.tsx';

/**
 * Registration marks what a submit found wrong, and drops each mark as its field becomes right
 * (as the sign-in forms do), not at the next submit; a field still wrong keeps its mark.
 */
vi.mock('../../dataProvider/http.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../dataProvider/http.ts')>()), post: vi.fn() }));

beforeEach(() => {
  localStorage.setItem('open:language', JSON.stringify('zh'));
  vi.mocked(post).mockReset();
});
afterEach(cleanup);

const form = () =>
  render(
    <MemoryRouter initialEntries={['/register']}>
      <LangProvider>
        <SessionProvider>
          <RegisterForm />
        </SessionProvider>
      </LangProvider>
    </MemoryRouter>,
  );

describe('registration errors', () => {
  it('each field’s error goes as it is filled right; the others stay until theirs are', async () => {
    form();
    const f = screen.getByTestId('register-form');
    const input = (name: string) => f.querySelector<HTMLInputElement>(`input[name=${name}]`)!;
    const invalid = () => [...f.querySelectorAll('input[aria-invalid=true]')].map((i) => (i as HTMLInputElement).name).sort();
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(invalid()).toEqual(['code', 'email', 'password', 'username']));
    expect(f.textContent).toContain(common.validation.agreement_required);

    fireEvent.input(input('username'), { target: { value: 'newcomer_1' } });
    await waitFor(() => expect(invalid()).toEqual(['code', 'email', 'password']));
    // A value still wrong keeps its mark.
    fireEvent.input(input('email'), { target: { value: 'not-an-address' } });
    expect(invalid()).toContain('email');
    fireEvent.input(input('email'), { target: { value: 'new@example.com' } });
    fireEvent.input(input('password'), { target: { value: 'Register123' } });
    fireEvent.input(input('code'), { target: { value: '123456' } });
    await waitFor(() => expect(invalid()).toEqual([]));
    // The passwords differ until the second matches the first.
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(invalid()).toEqual(['confirm_password']));
    fireEvent.input(input('confirm_password'), { target: { value: 'Register123' } });
    await waitFor(() => expect(invalid()).toEqual([]));
    fireEvent.click(screen.getByTestId('agree'));
    await waitFor(() => expect(f.textContent).not.toContain(common.validation.agreement_required));
    expect(post).not.toHaveBeenCalled();
  });
});

describe('password reset errors', () => {
  const page = (entry: string) =>
    render(
      <MemoryRouter initialEntries={[entry]}>
        <LangProvider>
          <SessionProvider>
            <AuthPages path="/resetPassword" />
          </SessionProvider>
        </LangProvider>
      </MemoryRouter>,
    );
  const invalid = (f: HTMLElement) => [...f.querySelectorAll('input[aria-invalid=true]')].map((i) => (i as HTMLInputElement).name).sort();

  it('asking for a link: the address’s error goes once the address is right', async () => {
    const { container } = page('/resetPassword');
    fireEvent.click(screen.getByTestId('reset-send'));
    await waitFor(() => expect(invalid(container)).toEqual(['email']));
    fireEvent.input(container.querySelector('input[name=email]')!, { target: { value: 'someone@example.com' } });
    await waitFor(() => expect(invalid(container)).toEqual([]));
    expect(post).not.toHaveBeenCalled();
  });

  it('setting the new password: each error goes as its field becomes right', async () => {
    vi.mocked(post).mockResolvedValueOnce({ username: 'someone' });
    page('/resetPassword?token=abc');
    const f = await screen.findByTestId('set-password-form');
    fireEvent.click(screen.getByTestId('set-password-submit'));
    await waitFor(() => expect(invalid(f)).toEqual(['password']));
    fireEvent.input(f.querySelector('input[name=password]')!, { target: { value: 'Reset12345' } });
    await waitFor(() => expect(invalid(f)).toEqual([]));
    fireEvent.click(screen.getByTestId('set-password-submit'));
    await waitFor(() => expect(invalid(f)).toEqual(['confirm_password']));
    fireEvent.input(f.querySelector('input[name=confirm_password]')!, { target: { value: 'Reset12345' } });
    await waitFor(() => expect(invalid(f)).toEqual([]));
    expect(post).toHaveBeenCalledTimes(1);
  });
});
