import { Alert, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { ResourceCalls } from '../../dataProvider/calls.ts';
import { toast } from '../../dataProvider/events.ts';
import { post } from '../../dataProvider/http.ts';

/**
 * The SSO settings' own parts beside the generic form (docs/sso.md): each claimed domain's state,
 * the TXT record that proves it and its Verify button; a client secret the server cleared; and,
 * before a save that changes the identity provider, how many accounts it unlinks.
 */

/** Accounts a save of `values` unlinks (server/rules/sso.ts): those of the protocol whose IdP it changes. */
export const idpUnlinks = (record: RaRecord, values: Record<string, unknown>) => {
  const differs = (f: string) => f in values && (values[f] ?? '') !== (record[f] ?? '');
  const linked = (record.linked_accounts ?? {}) as { oidc?: number; saml?: number };
  return (differs('issuer_url') || differs('client_id') ? (linked.oidc ?? 0) : 0) + (differs('idp_metadata_url') || differs('idp_metadata_xml') ? (linked.saml ?? 0) : 0);
};

export const SsoPanel = ({ rc, record, bound, onChange }: { rc: ResourceCalls; record: RaRecord; bound: Record<string, unknown>; onChange: () => void }) => {
  const translate = useTranslate();
  const [busy, setBusy] = useState<string>();
  const domains = (record.domains ?? []) as string[];
  const tokens = (record.domain_tokens ?? {}) as Record<string, string>;
  const verified = new Set((record.verified_domains ?? []) as string[]);
  const verify = async (domain: string) => {
    setBusy(domain);
    try {
      await post(rc.path('auth-config-verify-domain'), { ...bound, domain });
      toast(translate('sso_form.verified_now', { domain }), 'success');
      onChange();
    } catch {
      // Toasted by the http client: the sentence names the record it looked for.
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Stack spacing={1} data-testid="sso-panel">
      {record.protocol === 'oidc' && record.issuer_url && !record.client_secret_set && (
        <Alert severity="warning" data-testid="sso-secret-missing">
          {translate('sso_form.secret_missing')}
        </Alert>
      )}
      {domains.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h2">
            {translate('sso_form.domains')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('sso_form.domains_hint')}
          </Typography>
          <Table size="small" data-testid="sso-domains">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.auth-config.fields.domain')}</TableCell>
                <TableCell>{translate('sso_form.record_name')}</TableCell>
                <TableCell>{translate('sso_form.record_value')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {domains.map((d) => (
                <TableRow key={d} data-testid={`sso-domain-${d}`}>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{d}</span>
                      <Chip size="small" color={verified.has(d) ? 'success' : 'default'} label={translate(verified.has(d) ? 'sso_form.verified' : 'sso_form.unverified')} />
                    </Stack>
                  </TableCell>
                  {tokens[d] ? (
                    <>
                      <TableCell sx={{ wordBreak: 'break-all' }}>{`_open-platform-challenge.${d}`}</TableCell>
                      <TableCell sx={{ wordBreak: 'break-all' }}>{`open-platform-verification=${tokens[d]}`}</TableCell>
                    </>
                  ) : (
                    <TableCell colSpan={2}>{translate('sso_form.save_first')}</TableCell>
                  )}
                  <TableCell>
                    {!verified.has(d) && tokens[d] && (
                      <Button size="small" variant="outlined" disabled={busy === d} onClick={() => verify(d)} aria-label={`${translate('resources.auth-config.actions.verify')} ${d}`}>
                        {translate('resources.auth-config.actions.verify')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Stack>
  );
};

type Addresses = Record<'oidc' | 'saml', Record<string, string>>;

/**
 * The addresses to register at the identity provider for the protocol chosen in the form (OIDC's
 * redirect and post-logout URIs; SAML's entity ID, ACS and logout URLs), as `auth-config-info`
 * answers them from the configured public URL: shown before the first save, since the IdP needs
 * them before it can give the issuer, client or metadata this form asks for.
 */
export const IdpAddresses = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const protocol = (useWatch({ name: 'protocol' }) ?? record.protocol ?? 'oidc') as keyof Addresses;
  const addresses = (record.idp_addresses as Addresses | undefined)?.[protocol];
  if (!addresses) return null;
  return (
    <Stack spacing={1} sx={{ my: 2, width: '100%' }} data-testid="sso-addresses">
      <Typography variant="subtitle1" component="h2">
        {translate('sso_form.addresses', { protocol: translate(`resources.auth-config.values.protocol.${protocol}`) })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('sso_form.addresses_hint')}
      </Typography>
      <Table size="small">
        <TableBody>
          {Object.entries(addresses).map(([key, value]) => (
            <TableRow key={key} data-testid={`sso-address-${key}`}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {translate(`sso_form.address.${key}`)}
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
};

/** "Change the identity provider?": names how many accounts the save unlinks. */
export const UnlinkDialog = ({ count, onCancel, onConfirm }: { count: number; onCancel: () => void; onConfirm: () => void }) => {
  const translate = useTranslate();
  return (
    <Dialog open={count > 0} onClose={onCancel} aria-labelledby="sso-unlink-title" data-testid="sso-unlink">
      <DialogTitle id="sso-unlink-title">{translate('sso_form.unlink_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('sso_form.unlink_body', { smart_count: count })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        <Button color="warning" variant="contained" onClick={onConfirm} data-testid="sso-unlink-confirm">
          {translate('sso_form.unlink_confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
