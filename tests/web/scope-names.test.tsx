import { screen } from '@testing-library/react';
import { SimpleShowLayout } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { definition } from '../../dataProvider/definitions.ts';
import { renderColumn } from '../../src/console/fields.tsx';
import { recordTitle } from '../../src/console/recordTitle.ts';
import zh from '../../i18n/resources/zh.ts';
import en from '../../i18n/resources/en.ts';
import { loadLang, renderInConsole, resetConsole, signedInWithoutSettings } from './console-harness.tsx';

/**
 * A scope application names the scopes it asks for by their names in the reader's language (the
 * code stays as the chip's tooltip), in its list and in its title (confirmations, crumbs); a scope
 * no longer declared keeps its code.
 */
const record = definition('audit-record');
const seeded = (lang: typeof zh | typeof en, code: string) => (lang.resources['api-group'].seeded as Record<string, { name: string }>)[code].name;
beforeEach(() => signedInWithoutSettings());
afterEach(() => resetConsole());

describe("a scope application's scopes", () => {
  it('are chips named in the reader’s words, the code as their tooltip', async () => {
    const row = { id: 'a1', guid: 'a1', group_codes: ['contact:department:readonly', 'no:such:scope'] };
    await renderInConsole(<SimpleShowLayout>{record.admin.columns.filter((c) => c.render === 'scopes').map((c) => renderColumn(record, c))}</SimpleShowLayout>, { record: row, resource: 'audit-record', lang: 'zh' });
    const chip = await screen.findByText(seeded(zh, 'contact:department:readonly'));
    expect(chip.closest('[title]')?.getAttribute('title')).toBe('contact:department:readonly');
    expect(screen.queryByText('contact:department:readonly')).toBeNull();
    expect(screen.getByText('no:such:scope')).toBeTruthy();
  });

  it('name the application in titles', async () => {
    await loadLang('en');
    const title = recordTitle(record, { group_codes: ['contact:department:readonly', 'message:send'] }, 'en');
    expect(title).toBe(`${seeded(en, 'contact:department:readonly')} and ${seeded(en, 'message:send')}`);
  });
});
