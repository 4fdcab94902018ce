import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore, RecordContextProvider, ResourceContextProvider, SaveContextProvider, SimpleForm, type RaRecord } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataProvider } from '../../dataProvider/dataProvider.ts';
import { onToast, type Toast } from '../../dataProvider/events.ts';
import { http } from '../../dataProvider/http.ts';
import { store } from '../../dataProvider/session.ts';
import type { Lang } from '../../i18n/languages.ts';
import { definition } from '../../dataProvider/definitions.ts';
import { i18nProviderFor } from '../../src/console/i18nProvider.ts';
import { SchemaInput } from '../../src/console/inputs.tsx';
import { RouteOfContext } from '../../src/console/routeOf.tsx';
import { SchemaForm } from '../../src/console/SchemaForm.tsx';
import { consoleRouteOf, fakeDataProvider, loadLang, resetConsole, signedInWithoutSettings } from './console-harness.tsx';

const documentDef = definition('document');
const role = definition('role');

/**
 * A Markdown field (`.meta({ kind: 'markdown' })`, a document's body) has an Upload button: the
 * chosen file goes to the definition's form call through the console's http client (token,
 * Accept-Language, multipart), and its link lands at the caret, or at the end, without losing text
 * typed meanwhile; a refusal shows the server's sentence.
 */
afterEach(resetConsole);
beforeEach(signedInWithoutSettings);

const UPLOAD = '/open/admin/document-manage/file/simple-upload';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Every http call of the test, answered by `answer` (which may hold the call open). */
const calls: InternalAxiosRequestConfig[] = [];
const answerWith = (answer: (config: InternalAxiosRequestConfig) => Promise<unknown> | unknown) => {
  calls.length = 0;
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const data = await answer(config);
    return { status: 200, statusText: 'OK', headers: {}, config, data } as AxiosResponse;
  };
  http.defaults.adapter = adapter;
};
const ok = (data: unknown) => ({ code: 200, data, message: 'ok' });

/** A call held open until the test lets it answer. */
const held = () => {
  let release!: (v: unknown) => void;
  const answer = new Promise((r) => (release = r));
  return { answer, release };
};

const renderForm = async (ui: ReactNode, { record, lang = 'en', resource = 'document', saved }: { record: RaRecord; lang?: Lang; resource?: string; saved?: (v: Record<string, unknown>) => void }) => {
  await loadLang(lang);
  store.set('language', lang);
  return render(
    <AdminContext dataProvider={{ ...(fakeDataProvider() as object), call: dataProvider.call } as never} i18nProvider={i18nProviderFor(lang)} store={memoryStore()}>
      <RouteOfContext.Provider value={consoleRouteOf}>
        <ResourceContextProvider value={resource}>
          <SaveContextProvider value={{ save: async (v: Partial<RaRecord>) => void saved?.(v as Record<string, unknown>), saving: false, mutationMode: 'pessimistic' }}>
            <RecordContextProvider value={record}>{ui}</RecordContextProvider>
          </SaveContextProvider>
        </ResourceContextProvider>
      </RouteOfContext.Provider>
    </AdminContext>,
  );
};

const doc = (body: string): RaRecord => ({ id: 'd1', guid: 'd1', title: 'Guide', code: 'guide', category: 'faq', parent_guid: null, body, sort: 0, status: 1 });
const bodyBox = () => screen.getByTestId('markdown-body').querySelector<HTMLTextAreaElement>('textarea:not([aria-hidden="true"])')!;
const choose = (file: File) => fireEvent.change(screen.getByTestId('markdown-body-file'), { target: { files: [file] } });

describe('Markdown upload button', () => {
  it('uploads an image through the http client and puts its link at the caret', async () => {
    const call = held();
    answerWith((config) => (config.url === UPLOAD ? call.answer : ok([])));
    let saved: Record<string, unknown> | undefined;
    await renderForm(<SchemaForm def={documentDef} mode="edit" />, { record: doc('Intro\n\nOutro'), saved: (v) => (saved = v) });
    const button = await within(await screen.findByTestId('markdown-body')).findByRole('button', { name: 'Upload image or file' });
    const text = bodyBox();
    await waitFor(() => expect(text.value).toBe('Intro\n\nOutro'));
    // The caret after the blank line; then focus moves to the button (as a click or Tab does).
    act(() => {
      text.focus();
      text.setSelectionRange(7, 7);
      button.focus();
    });
    fireEvent.click(button);
    choose(new File([PNG], 'chart [v2].png', { type: 'image/png' }));

    await waitFor(() => expect(calls.some((c) => c.url === UPLOAD)).toBe(true));
    const sent = calls.find((c) => c.url === UPLOAD)!;
    expect(sent.method).toBe('post');
    expect(sent.data).toBeInstanceOf(FormData);
    const file = (sent.data as FormData).get('file') as File;
    expect(file.name).toBe('chart [v2].png');
    expect(String(sent.headers.get('Authorization'))).toMatch(/^Bearer /);
    expect(sent.headers.get('Accept-Language')).toBe('en-US');
    // Busy while the file travels: disabled, with a spinner and the progress.
    act(() => sent.onUploadProgress?.({ loaded: 50, total: 100, bytes: 50, lengthComputable: true, upload: true } as never));
    const busy = await screen.findByTestId('markdown-body-upload');
    await waitFor(() => expect(busy.textContent).toContain('Uploading… 50%'));
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.querySelector('[role="progressbar"]')).not.toBeNull();

    await act(async () => call.release(ok([{ guid: 'g1', name: 'chart [v2].png', image: true, url: '/open/file/g1', content_type: 'image/png', size: 8 }])));
    await waitFor(() => expect(bodyBox().value).toBe('Intro\n\n![chart \\[v2\\].png](/open/file/g1)Outro'));
    expect((screen.getByTestId('markdown-body-upload') as HTMLButtonElement).disabled).toBe(false);

    // The form's value changed, not only the box: saving sends the link.
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(saved?.body).toBe('Intro\n\n![chart \\[v2\\].png](/open/file/g1)Outro'));
  });

  it('appends a file link at the end when the text was never focused, keeping what was typed during the upload', async () => {
    const call = held();
    answerWith((config) => (config.url === UPLOAD ? call.answer : ok([])));
    await renderForm(<SchemaForm def={documentDef} mode="edit" />, { record: doc('Hello') });
    fireEvent.click(await within(await screen.findByTestId('markdown-body')).findByRole('button', { name: 'Upload image or file' }));
    choose(new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(calls.some((c) => c.url === UPLOAD)).toBe(true));
    // Typed while the file is on its way.
    fireEvent.change(bodyBox(), { target: { value: 'Hello world' } });
    await act(async () => call.release(ok([{ guid: 'g2', name: 'notes.pdf', image: false, url: '/open/file/g2' }])));
    await waitFor(() => expect(bodyBox().value).toBe('Hello world\n[notes.pdf](/open/file/g2)'));
  });

  it('shows the server’s refusal and leaves the text as it was', async () => {
    const refusal = 'run.exe: this kind of file cannot be uploaded; allowed: png, jpg.';
    answerWith((config) => (config.url === UPLOAD ? { code: 201, data: null, message: refusal } : ok([])));
    const toasts: Toast[] = [];
    const off = onToast((t) => toasts.push(t));
    try {
      await renderForm(<SchemaForm def={documentDef} mode="edit" />, { record: doc('Keep me') });
      fireEvent.click(await within(await screen.findByTestId('markdown-body')).findByRole('button', { name: 'Upload image or file' }));
      choose(new File(['MZ'], 'run.exe'));
      expect((await screen.findByTestId('markdown-body-error')).textContent).toBe(refusal);
      expect(toasts.map((t) => [t.type, t.message])).toEqual([['warning', refusal]]);
      expect(bodyBox().value).toBe('Keep me');
      expect((screen.getByTestId('markdown-body-upload') as HTMLButtonElement).disabled).toBe(false);
    } finally {
      off();
    }
  });

  it('is labelled in the reader’s language and offers the allowed kinds', async () => {
    answerWith(() => ok([]));
    await renderForm(<SchemaForm def={documentDef} mode="edit" />, { record: doc(''), lang: 'zh' });
    await within(await screen.findByTestId('markdown-body')).findByRole('button', { name: '上传图片或文件' });
    const accept = screen.getByTestId('markdown-body-file').getAttribute('accept')!.split(',');
    expect(accept).toEqual(expect.arrayContaining(['.png', '.jpg', '.svg', '.pdf', '.zip', '.md']));
  });

  it('offers no button where the definition has no upload call', async () => {
    answerWith(() => ok([]));
    await renderForm(
      <SimpleForm toolbar={false}>
        <SchemaInput def={role} name="remark" schema={{ type: 'string', kind: 'markdown' }} />
      </SimpleForm>,
      { record: { id: 'r1' }, resource: 'role' },
    );
    await screen.findByTestId('markdown-remark');
    expect(screen.queryByTestId('markdown-remark-upload')).toBeNull();
  });
});
