import { screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { SimpleShowLayout } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { definition } from '../../dataProvider/definitions.ts';
import { http } from '../../dataProvider/http.ts';
import { renderColumn } from '../../src/console/fields.tsx';
import { renderInConsole, resetConsole, signedInWithoutSettings } from './console-harness.tsx';

/**
 * Issue 44 item 2: a certification's licence showed as a plain `<img>`, which carries no token, so
 * the private file answered 404 to its reviewer and the image had no alt. An image field's value is
 * now fetched with the token and shown from the browser's copy, named by the field's label.
 */
const org = definition('org');
const LICENCE = '/open/file/33333333-3333-4333-8333-333333333333';

const calls: InternalAxiosRequestConfig[] = [];
beforeEach(() => {
  signedInWithoutSettings();
  calls.length = 0;
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    return { status: 200, statusText: 'OK', headers: {}, config, data: new Blob(['png'], { type: 'image/png' }) };
  };
  http.defaults.adapter = adapter;
  URL.createObjectURL = vi.fn(() => 'blob:licence');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  resetConsole();
  vi.restoreAllMocks();
});

describe("a record's stored image", () => {
  it.each([['en', 'Business licence'], ['zh', '营业执照'], ['hk', '營業執照']] as const)('is fetched with the token and named by its field in %s', async (lang, alt) => {
    const record = { id: 'o1', guid: 'o1', license_url: LICENCE };
    await renderInConsole(<SimpleShowLayout>{renderColumn(org, { field: 'license_url', render: 'image' })}</SimpleShowLayout>, { lang, record, resource: 'org' });
    const img = await screen.findByRole('img', { name: alt });
    expect(img.getAttribute('src')).toBe('blob:licence');
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(LICENCE);
    expect(calls[0].responseType).toBe('blob');
    expect(String(calls[0].headers.Authorization)).toMatch(/^Bearer /);
  });

  it('an image elsewhere on the web is shown from its own address', async () => {
    const record = { id: 'o1', guid: 'o1', license_url: 'https://cdn.example.com/licence.png' };
    await renderInConsole(<SimpleShowLayout>{renderColumn(org, { field: 'license_url', render: 'image' })}</SimpleShowLayout>, { record, resource: 'org' });
    await waitFor(() => expect(screen.getByRole('img', { name: 'Business licence' }).getAttribute('src')).toBe('https://cdn.example.com/licence.png'));
    expect(calls).toHaveLength(0);
  });
});
