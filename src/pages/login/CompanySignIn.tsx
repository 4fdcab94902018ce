import { Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { post } from '../../../dataProvider/http.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { emptyFields } from './required.ts';

/** The tab's own key: the round trip to the IdP comes back to this tab, which alone may finish it (server/sso/flows.ts). */
export const SSO_FLOW_KEY = 'open:sso-flow';

/**
 * "Sign in with your company": the company's code or the person's work e-mail (its domain, which
 * the BU claims) picks the BU; the browser then goes to the BU's identity provider and comes back
 * to `/login/sso`. `redirect` (a same-site path) is kept by the server for the way back.
 */
export const CompanySignIn = ({ redirect }: { redirect?: string }) => {
  const { t } = useLang();
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const empty = emptyFields(e.currentTarget, ['company']).length > 0;
    setMissing(empty);
    if (empty) return;
    const company = String(new FormData(e.currentTarget).get('company') ?? '');
    setBusy(true);
    try {
      const started = await post<{ url: string; flow: string; binding: string }>('/open/sso/start', { company, redirect });
      sessionStorage.setItem(SSO_FLOW_KEY, JSON.stringify({ flow: started.flow, binding: started.binding }));
      window.location.assign(started.url);
    } catch {
      // Toasted by the http client.
      setBusy(false);
    }
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate onInput={() => setMissing(false)} data-testid="company-form">
      <TextField name="company" label={t('login.company')} helperText={missing ? t('login.required') : t('login.company_help')} error={missing} autoComplete="email" required autoFocus />
      <Button type="submit" variant="contained" disabled={busy} data-testid="company-submit">
        {t('login.company_go')}
      </Button>
    </Stack>
  );
};
