import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { reloadSession } from '../../dataProvider/authProvider.ts';
import { toast } from '../../dataProvider/events.ts';
import { post } from '../../dataProvider/http.ts';
import { store, type StoredUser } from '../../dataProvider/session.ts';
import { name30, password, username } from '../../schemas/common.ts';
import { emailCodeInput, verificationCode } from '../../schemas/tenant-auth.ts';
import { check, checkConfirm, CodeRow, emailCodeBody, Field, formValues, serverErrors, type Errors } from '../pages/auth/fields.tsx';
import { useLang } from '../shell/LangContext.tsx';
import { SettingCard } from './SettingCard.tsx';
import { SsoLinkCard } from './SsoLinkCard.tsx';
import { useSession } from '../shell/SessionContext.tsx';

/** One personal setting: its fields, the rule the server applies and the call that changes it. */
interface Setting {
  key: string;
  call: string;
  fields: { name: string; type?: string; label: string }[];
  schema: z.ZodType;
  confirm?: boolean;
  mainOnly?: boolean;
}

const SETTINGS: Setting[] = [
  { key: 'name', call: '/open/system/user/update-personal-real-name', fields: [{ name: 'name', label: 'personal.name' }], schema: z.object({ name: name30() }) },
  { key: 'username', call: '/open/system/user/update-master-username', fields: [{ name: 'username', label: 'login.username' }], schema: z.object({ username: username() }), mainOnly: true },
  {
    key: 'password',
    call: '/open/system/user/update-password',
    fields: [
      { name: 'old_password', type: 'password', label: 'personal.old_password' },
      { name: 'password', type: 'password', label: 'register.new_password' },
      { name: 'confirm_password', type: 'password', label: 'register.confirm_password' },
    ],
    schema: z.object({ old_password: z.string().min(1, 'validation.required'), password: password() }),
    confirm: true,
  },
];


const SettingForm = ({ s, current, onSaved }: { s: Setting; current?: Record<string, unknown>; onSaved(): void }) => {
  const { t } = useLang();
  const [errors, setErrors] = useState<Errors>({});
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const values = formValues(form);
    const found = { ...check(s.schema, values, t), ...(s.confirm ? checkConfirm(values, t) : {}) };
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const r = await post<{ token?: string }>(s.call, values);
      // A new password ends every session and answers a fresh token.
      if (r?.token) store.set('token', r.token);
      toast(t('tenant.saved'), 'success');
      if (s.confirm) form.reset();
      onSaved();
    } catch (err) {
      setErrors(serverErrors(err));
    }
  };
  return (
    <SettingCard testId={`personal-${s.key}`} title={t(`personal.${s.key}_title`)} onSubmit={submit}>
      {s.fields.map((f) => (
        <Field key={f.name} name={f.name} type={f.type} label={t(f.label)} errors={errors} defaultValue={f.type ? undefined : ((current?.[f.name] as string) ?? '')} />
      ))}
    </SettingCard>
  );
};

/** A new e-mail address takes effect with the code mailed to it (the old address keeps working until then). */
const EmailForm = ({ current, onSaved }: { current?: string; onSaved(): void }) => {
  const { t } = useLang();
  const [errors, setErrors] = useState<Errors>({});
  const [email, setEmail] = useState('');
  const emailBody = () => emailCodeBody(email, t, setErrors);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = { ...formValues(e.currentTarget), email };
    const found = check(emailCodeInput.extend({ code: verificationCode() }), values, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await post('/open/system/user/update-personal-email-verify', values);
      toast(t('personal.email_changed', { email }), 'success');
      onSaved();
    } catch (err) {
      setErrors(serverErrors(err));
    }
  };
  return (
    <SettingCard testId="personal-email" title={t('personal.email_title')} onSubmit={submit}>
      <Typography variant="body2" color="text.secondary">
        {t('personal.email_current', { email: current ?? '—' })}
      </Typography>
      <Field name="email" label={t('personal.new_email')} errors={errors} value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
      <CodeRow call="/open/system/user/update-personal-email" body={emailBody} errors={errors} setErrors={setErrors} t={t} />
    </SettingCard>
  );
};

/** Changing a phone number needs a code by text message, which this platform cannot send yet: it says so rather than offer a form that cannot work. */
const PhoneCard = ({ current }: { current?: string | null }) => {
  const { t } = useLang();
  return (
    <Card variant="outlined" data-testid="personal-phone">
      <CardContent>
        <Stack spacing={1}>
          <Typography variant="subtitle1">{t('personal.phone_title')}</Typography>
          <Typography variant="body2">{current || t('personal.phone_none')}</Typography>
          <Alert severity="info">{t('personal.no_sms')}</Alert>
        </Stack>
      </CardContent>
    </Card>
  );
};

/** `/account/info`: the signed-in tenant's own settings (operators never reach it). */
export const PersonalInfo = () => {
  const { t } = useLang();
  const session = useSession();
  const me = useQuery({ queryKey: ['personal'], queryFn: () => post<StoredUser & { email?: string; phone?: string | null }>('/open/system/user/info', {}) });
  const saved = async () => {
    const fresh = await me.refetch();
    if (fresh.data) store.set('user', fresh.data);
    await reloadSession();
    session.refresh();
  };
  if (me.isPending) return null;
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }} data-testid="personal-info">
      <Typography variant="h5" component="h1">
        {t('route.info')}
      </Typography>
      <Typography color="text.secondary">
        {me.data?.username} · {me.data?.email}
      </Typography>
      {SETTINGS.filter((s) => !s.mainOnly || me.data?.user_type === 1).map((s) => (
        <SettingForm key={s.key + String(me.dataUpdatedAt)} s={s} current={me.data as never} onSaved={saved} />
      ))}
      <EmailForm key={`email${me.dataUpdatedAt}`} current={me.data?.email} onSaved={saved} />
      <SsoLinkCard />
      <PhoneCard current={me.data?.phone} />
    </Stack>
  );
};
