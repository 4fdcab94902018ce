import { screen } from '@testing-library/react';
import { SimpleShowLayout } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { definition } from '../../dataProvider/definitions.ts';
import { renderColumn } from '../../src/console/fields.tsx';
import zh from '../../i18n/resources/zh.ts';
import hk from '../../i18n/resources/hk.ts';
import en from '../../i18n/resources/en.ts';
import { resources } from '../../resources/index.ts';
import { actionOf, isRead, specOf } from '../../server/engine/spec.ts';
import { renderInConsole, resetConsole, signedInWithoutSettings } from './console-harness.tsx';

/**
 * The operation log names what was done in the reader's words: the object by its translated name,
 * the action by its label, the changed fields by their labels in that object's definition, never
 * the codes the server stores (`org`, `add`, `company_name`).
 */
const log = definition('operation-log');
beforeEach(() => signedInWithoutSettings());
afterEach(() => resetConsole());

describe('an operation log row', () => {
  it('shows the object, the action and the changed fields by their labels', async () => {
    const record = { id: 'l1', guid: 'l1', resource: 'org', action: 'add', fields: ['company_name', 'no_longer_defined'] };
    await renderInConsole(<SimpleShowLayout>{log.admin.columns.filter((c) => ['resource', 'action', 'fields'].includes(c.field)).map((c) => renderColumn(log, c))}</SimpleShowLayout>, { record, resource: 'operation-log', lang: 'zh' });
    await screen.findByText(zh.resources.org.name.split('|')[0].trim());
    expect(screen.getByText(zh.resources['operation-log'].values.action.add)).toBeTruthy();
    expect(screen.getByText(zh.resources.org.fields.company_name)).toBeTruthy();
    // A field the definition no longer has keeps its name rather than vanishing.
    expect(screen.getByText('no_longer_defined')).toBeTruthy();
    expect(screen.queryByText('add')).toBeNull();
    expect(screen.queryByText('company_name')).toBeNull();
  });

  it("names a handler's parameters (an export's sort and keyword) by their shared labels, the API's name in the tooltip, in the reader's words", async () => {
    const record = { id: 'l2', guid: 'l2', resource: 'order', action: 'export', fields: ['sort', 'keyword'] };
    await renderInConsole(<SimpleShowLayout>{log.admin.columns.filter((c) => c.field === 'fields').map((c) => renderColumn(log, c))}</SimpleShowLayout>, { record, resource: 'operation-log', lang: 'zh' });
    const sort = await screen.findByText(zh.common.fields.sort);
    expect(sort.closest('[title]')?.getAttribute('title')).toBe(zh.field_code.replace('%{code}', 'sort'));
    expect(screen.getByText(zh.common.fields.keyword)).toBeTruthy();
    expect(screen.queryByText('sort')).toBeNull();
  });

  it('labels every action the engine writes, and its action column is not the row actions’ header', () => {
    const written = new Set(resources.flatMap((d) => d.api.mounts.flatMap((m) => Object.values(m.calls).map(specOf).filter((c) => !isRead(c)).map(actionOf))));
    for (const lang of [zh, hk, en]) expect(Object.keys(lang.resources['operation-log'].values.action).sort()).toEqual([...written].sort());
    expect(zh.resources['operation-log'].fields.action).not.toBe('操作');
  });
});
