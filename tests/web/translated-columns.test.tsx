import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resourceCalls } from '../../dataProvider/calls.ts';
import { definition } from '../../dataProvider/definitions.ts';
import { store } from '../../dataProvider/session.ts';
import { recordTitle } from '../../src/console/recordTitle.ts';
import { TreeList } from '../../src/console/TreeList.tsx';
import { loadLang, renderInConsole, resetConsole, signedInWithoutSettings } from './console-harness.tsx';

const document = definition('document');
const guide = { id: 'd1', guid: 'd1', title: '接入指南', title_hk: '', title_en: 'Getting started', code: 'getting-started', category: 'developer_guide', status: 0, parent_guid: null };
const faq = { id: 'd2', guid: 'd2', title: '常见问题', title_hk: '常見問題', title_en: '', code: 'faq', category: 'faq', status: 0, parent_guid: null };

beforeEach(signedInWithoutSettings);
afterEach(() => {
  resetConsole();
  store.set('language', undefined);
});

/** Translated fields (schemas/translated.ts) show in the operator's language on the console's lists and record names, else in the default language's. */
describe('translated texts on operator screens', () => {
  it('the documents list shows each title in English where it is written, headed by the English title’s label', async () => {
    store.set('language', 'en');
    await renderInConsole(<TreeList rc={resourceCalls('document')} />, { rows: { document: [guide, faq] }, resource: 'document' });
    await screen.findByText('Getting started');
    expect(screen.getByText('常见问题')).toBeTruthy();
    expect(screen.queryByText('接入指南')).toBeNull();
    expect(screen.getByText('Title (English)')).toBeTruthy();
  });

  it('a record’s name follows the reader’s language, falling back to the default language’s', async () => {
    await loadLang('en');
    expect(recordTitle(document, guide, 'en')).toBe('Getting started');
    expect(recordTitle(document, guide, 'hk')).toBe('接入指南');
    expect(recordTitle(document, faq, 'hk')).toBe('常見問題');
    expect(recordTitle(document, guide, 'zh')).toBe('接入指南');
  });
});
