import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { definition } from '../../dataProvider/definitions.ts';
import { SchemaForm } from '../../src/console/SchemaForm.tsx';
import { IdpAddresses } from '../../src/console/SsoPanel.tsx';
import en from '../../i18n/resources/en.ts';
import { renderInConsole, resetConsole, signedInWithoutSettings } from './console-harness.tsx';

/**
 * The SSO form shows only the chosen protocol's fields, and the addresses the identity provider
 * needs for that protocol before the first save (`idp_addresses` as `auth-config-info` answers them).
 */
beforeEach(() => signedInWithoutSettings());
afterEach(() => resetConsole());

const PUBLIC = 'https://platform.example.com';
const record = {
  id: 'single', guid: null, protocol: 'oidc', sso_enabled: false, login_types: ['password'], domains: [],
  idp_addresses: {
    oidc: { redirect_uri: `${PUBLIC}/open/sso/oidc/callback`, logout_uri: `${PUBLIC}/login` },
    saml: { entity_id: `${PUBLIC}/open/sso/saml/metadata/bu-1`, acs: `${PUBLIC}/open/sso/saml/acs/bu-1`, slo: `${PUBLIC}/open/sso/saml/slo/bu-1` },
  },
};
const f = en.resources['auth-config'].fields;
/** A field's input by its label (labels hold parentheses). */
const label = (text: string) => new RegExp(`^${text.replace(/[()]/g, '\\$&')}`);

describe('the SSO form', () => {
  it("shows the chosen protocol's fields and the addresses to register, before any save", async () => {
    const def = definition('auth-config');
    await renderInConsole(
      <RecordContextProvider value={record}>
        <SchemaForm def={def} mode="edit" saveOnly after={<IdpAddresses record={record} />} />
      </RecordContextProvider>,
      { resource: 'auth-config' },
    );
    await screen.findByLabelText(label(f.issuer_url), {}, { timeout: 5_000 });
    expect(screen.queryByLabelText(label(f.idp_metadata_url))).toBeNull();
    expect(within(screen.getByTestId('sso-address-redirect_uri')).getByText(record.idp_addresses.oidc.redirect_uri)).toBeTruthy();
    expect(screen.queryByTestId('sso-address-acs')).toBeNull();

    // SAML chosen: its fields and addresses, none of OIDC's.
    fireEvent.mouseDown(screen.getByLabelText(label(f.protocol)));
    fireEvent.click(await screen.findByRole('option', { name: en.resources['auth-config'].values.protocol.saml }));
    await screen.findByLabelText(label(f.idp_metadata_url));
    await waitFor(() => expect(screen.queryByLabelText(label(f.issuer_url))).toBeNull());
    expect(screen.queryByLabelText(label(f.client_id))).toBeNull();
    expect(within(screen.getByTestId('sso-address-acs')).getByText(record.idp_addresses.saml.acs)).toBeTruthy();
    expect(within(screen.getByTestId('sso-address-entity_id')).getByText(record.idp_addresses.saml.entity_id)).toBeTruthy();
    expect(screen.queryByTestId('sso-address-redirect_uri')).toBeNull();
  });
});
