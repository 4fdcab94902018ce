import { screen } from '@testing-library/react';
import { Form } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { definition } from '../../dataProvider/definitions.ts';
import { listColumnsOf } from '../../resources/shown-columns.ts';
import { ColumnDesigner } from '../../src/console/ColumnDesigner.tsx';
import zh from '../../i18n/resources/zh.ts';
import { renderInConsole, resetConsole, signedInWithoutSettings } from './console-harness.tsx';

/**
 * A saved column set naming columns its list no longer shows: the designer's warning names them by
 * their labels in the reader's language, each field's name beside it; one nobody labels by its name.
 */
beforeEach(() => signedInWithoutSettings());
afterEach(() => resetConsole());

describe("the column designer's warning of dropped columns", () => {
  it('names them by their labels, the field name beside each', async () => {
    const bu = definition('bu');
    const shown = new Set(listColumnsOf(bu).map((c) => c.field));
    const gone = Object.keys(bu.json.properties ?? {}).find((f) => !shown.has(f) && f in zh.resources.bu.fields)!;
    expect(gone).toBeTruthy();
    const record = { id: 'c1', resource: 'bu', columns: [{ field: 'name', visible: true }, { field: gone, visible: true }, { field: 'never_labelled', visible: true }] };
    await renderInConsole(
      <Form record={record}>
        <ColumnDesigner source="columns" label="resources.column-config.fields.columns" />
      </Form>,
      { lang: 'zh', resource: 'column-config' },
    );
    const warning = await screen.findByTestId('designer-dropped', {}, { timeout: 5_000 });
    const label = (zh.resources.bu.fields as Record<string, string>)[gone];
    expect(warning.textContent).toContain(`${label} (${gone})、never_labelled`);
  });
});
