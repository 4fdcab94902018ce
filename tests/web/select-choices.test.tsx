import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { definition } from '../../dataProvider/definitions.ts';
import { SchemaForm } from '../../src/console/SchemaForm.tsx';
import en from '../../i18n/resources/en.ts';
import { renderInConsole, resetConsole, signedInWithoutSettings } from './console-harness.tsx';

/** A select of a field that must hold a value (required, or with a default) offers no empty choice. */
beforeEach(() => signedInWithoutSettings());
afterEach(() => resetConsole());

const optionsOf = async (label: RegExp) => {
  fireEvent.mouseDown(await screen.findByLabelText(label, {}, { timeout: 5_000 }));
  const list = await screen.findByRole('listbox');
  const names = within(list).getAllByRole('option').map((o) => o.textContent ?? '');
  fireEvent.keyDown(list, { key: 'Escape' });
  return names;
};

describe('selects', () => {
  it('of a field with a value always (SSO protocol) offer no empty choice', async () => {
    await renderInConsole(<SchemaForm def={definition('auth-config')} mode="create" />, { resource: 'auth-config' });
    const { oidc, saml } = en.resources['auth-config'].values.protocol;
    expect(await optionsOf(/^Protocol/)).toEqual([oidc, saml]);
  });

});
