import { Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { signInWith } from '../../../dataProvider/authProvider.ts';
import { post } from '../../../dataProvider/http.ts';
import type { StoredUser } from '../../../dataProvider/session.ts';
import { toast } from '../../../dataProvider/events.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { clearOnInput, emptyFields, missingProps } from './required.ts';

/** The e-mail-code sign-in: a 6-digit code mailed to the account's address, where its BU allows it. */
export const CodeSignIn = ({ onSignedIn }: { onSignedIn: () => void }) => {
  const { t } = useLang();
  const [username, setUsername] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState<string[]>([]);
  const send = async () => {
    if (!username.trim()) return;
    setBusy(true);
    try {
      await post('/open/sys-auth/send-login-code', { username });
      setSent(true);
      toast(t('login.code_sent'), 'success');
    } catch {
      // Toasted by the http client.
    } finally {
      setBusy(false);
    }
  };
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const empty = emptyFields(e.currentTarget, ['account', 'code']);
    setMissing(empty);
    if (empty.length) return;
    setBusy(true);
    try {
      const code = String(new FormData(e.currentTarget).get('code') ?? '');
      const res = await post<{ token: string; user: StoredUser }>('/open/sys-auth/code-login', { username, code });
      await signInWith(res.token, res.user);
      onSignedIn();
    } catch {
      setBusy(false);
    }
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate onInput={clearOnInput(setMissing)} data-testid="code-form">
      <TextField name="account" label={t('login.code_account')} value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" required autoFocus {...missingProps(missing, 'account', t('login.required'))} />
      <Button variant="outlined" onClick={send} disabled={busy || !username.trim()} data-testid="code-send">
        {t('login.code_send')}
      </Button>
      {sent && <TextField name="code" label={t('login.code')} inputMode="numeric" autoComplete="one-time-code" required slotProps={{ htmlInput: { maxLength: 6 } }} {...missingProps(missing, 'code', t('login.required'))} />}
      {sent && (
        <Button type="submit" variant="contained" disabled={busy} data-testid="code-submit">
          {t('login.submit')}
        </Button>
      )}
    </Stack>
  );
};
