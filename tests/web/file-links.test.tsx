import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { SimpleForm, SimpleShowLayout } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { definition } from '../../dataProvider/definitions.ts';
import { http } from '../../dataProvider/http.ts';
import { renderColumn } from '../../src/console/fields.tsx';
import { FilesInput } from '../../src/console/FilesInput.tsx';
import { renderInConsole, resetConsole, signedInWithoutSettings } from './console-harness.tsx';

/**
 * A record's files (`render: 'files'`, a work order's attachments) are private: each is a button
 * named by the file's name that fetches the file with the caller's token and saves it under that
 * name, since a plain link would reach the server without one.
 */
const workOrder = definition('work-order');
const A1 = '/open/file/11111111-1111-4111-8111-111111111111';
const A2 = '/open/file/22222222-2222-4222-8222-222222222222';

const calls: InternalAxiosRequestConfig[] = [];
let saved: { href: string; download: string } | undefined;
beforeEach(() => {
  signedInWithoutSettings();
  calls.length = 0;
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    return { status: 200, statusText: 'OK', headers: {}, config, data: new Blob(['png'], { type: 'image/png' }) };
  };
  http.defaults.adapter = adapter;
  URL.createObjectURL = vi.fn(() => 'blob:file');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved = { href: this.href, download: this.download };
  });
});
afterEach(() => {
  resetConsole();
  vi.restoreAllMocks();
  saved = undefined;
});

describe('files on a record page', () => {
  it('names each file, and downloads it through the http client with the token', async () => {
    const record = { id: 'w1', guid: 'w1', attachments: [A1, A2], file_names: { [A1]: 'screen.png' } };
    await renderInConsole(<SimpleShowLayout>{renderColumn(workOrder, { field: 'attachments', render: 'files' })}</SimpleShowLayout>, { record, resource: 'work-order' });
    const first = await screen.findByRole('button', { name: 'screen.png' });
    // A file whose name the answer lacks is numbered, never shown by its guid.
    expect(screen.getByRole('button', { name: 'File 2' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('11111111');
    first.focus();
    expect(document.activeElement).toBe(first);
    fireEvent.click(first);
    await waitFor(() => expect(saved).toEqual({ href: 'blob:file', download: 'screen.png' }));
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(A1);
    expect(calls[0].responseType).toBe('blob');
    expect(String(calls[0].headers.Authorization)).toMatch(/^Bearer /);
  });
});

describe('files in a form', () => {
  it("names the record's files by their names, never by their guids", async () => {
    const record = { id: 'w1', guid: 'w1', attachments: [A1, A2], file_names: { [A1]: 'screen.png' } };
    await renderInConsole(
      <SimpleForm toolbar={false}>
        <FilesInput def={workOrder} source="attachments" label="resources.work-order.fields.attachments" />
      </SimpleForm>,
      { record, resource: 'work-order' },
    );
    await screen.findByText('screen.png');
    expect(screen.getByText('File 2')).toBeTruthy();
    expect(document.body.textContent).not.toContain('22222222');
  });
});
