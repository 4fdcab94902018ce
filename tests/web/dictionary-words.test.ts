import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../i18n/messages.ts';
import { pluralForm } from '../../i18n/plural.ts';
import { consoleMessages } from '../../src/console/i18nProvider.ts';
import type { Lang } from '../../i18n/languages.ts';

/**
 * Issue 44 item 11: the words of the three dictionaries read as sentences. English counts take
 * polyglot's plural forms ("1 app", "2 apps"), never "app(s)" or "1 apps"; a resource's name, a
 * title ("Our dictionary items"), is never set mid-sentence ("No Our dictionary items yet."); one
 * unit word per language (毫秒, never "ms", in Chinese); a page goes by the name the UI gives it;
 * Hong Kong's texts say 帳號, never 賬號.
 */
const LANGS = ['zh', 'hk', 'en'] as const;
/** The dictionaries outside the console's: each page's own, the server's, the seeded documents', the demo's. */
const OWN = import.meta.glob<{ default: object }>(['../../i18n/ui/{apps,debug,store,docs}/*.ts', '../../i18n/{server,documents,demo,open-api}/*.ts'], { eager: true });

const strings = (node: unknown, path = ''): [string, string][] =>
  typeof node === 'string'
    ? [[path, node]]
    : node && typeof node === 'object'
      ? Object.entries(node).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k))
      : [];

/** Every message of a language: the console's (react-admin's included), each page's own, the server's, the seeded documents' and the demo's. */
const dictionary: Partial<Record<Lang, [string, string][]>> = {};
beforeAll(async () => {
  await Promise.all(LANGS.map(loadMessages));
  for (const lang of LANGS) {
    const own = Object.entries(OWN).filter(([path]) => path.endsWith(`/${lang}.ts`)).map(([, m]) => m.default);
    expect(own).toHaveLength(8);
    dictionary[lang] = [consoleMessages(lang), ...own].flatMap((m) => strings(m));
  }
});
const found = (lang: Lang, test: (text: string) => boolean) => dictionary[lang]!.filter(([, text]) => test(text)).map(([key, text]) => `${key}: ${text}`);

describe('the words of the dictionaries', () => {
  it('hold thousands of messages in each language', () => {
    for (const lang of LANGS) expect(dictionary[lang]!.length).toBeGreaterThan(2000);
  });

  it('English says no "(s)": a count picks its form', () => {
    expect(found('en', (t) => /\w\(s\)/.test(t))).toEqual([]);
  });

  it('English sets no count before a plural noun outside a plural message ("1 apps")', () => {
    expect(found('en', (t) => !t.includes('||||') && /(?<!More than )%\{(count|n|rows|total|smart_count)\} [a-z-]+s\b/.test(t))).toEqual([]);
  });

  it("English plural messages count with smart_count, the parameter polyglot's forms follow", () => {
    expect(found('en', (t) => t.includes('||||') && !t.includes('%{smart_count}') && /%\{(count|n|rows|total)\}/.test(t))).toEqual([]);
    expect(pluralForm('en', '%{smart_count} app |||| %{smart_count} apps', { smart_count: 1 })).toBe('%{smart_count} app');
    expect(pluralForm('en', '%{smart_count} app |||| %{smart_count} apps', { smart_count: 2 })).toBe('%{smart_count} apps');
    expect(pluralForm('zh', '%{smart_count} 个应用', { smart_count: 2 })).toBe('%{smart_count} 个应用');
  });

  it('English sets no resource name mid-sentence', () => {
    expect(found('en', (t) => /\b(No|Add to|this|these|found for|yet for) %\{name\}|%\{smart_count\} %\{name\}/.test(t))).toEqual([]);
  });

  it('Chinese says 毫秒, not ms, and no screen writes the unit beside a figure itself', () => {
    for (const lang of ['zh', 'hk'] as const) expect(found(lang, (t) => /\d\s*ms\b|\}\s*ms\b|[（(]ms[）)]/.test(t))).toEqual([]);
    const screens = import.meta.glob<string>(['../../src/**/*.tsx', '../../layouts/*.tsx'], { query: '?raw', import: 'default', eager: true });
    expect(Object.keys(screens).length).toBeGreaterThan(50);
    expect(Object.entries(screens).filter(([, source]) => /\}\s*(ms|s|KB|MB)\s*</.test(source)).map(([path]) => path)).toEqual([]);
  });

  it("an app's page of scopes goes by the name its tab shows, App permissions (应用权限)", () => {
    expect(found('en', (t) => /(?<!App )permissions? page/i.test(t))).toEqual([]);
    for (const lang of ['zh', 'hk'] as const) expect(found(lang, (t) => /权限(管理)?页|權限(管理)?頁/.test(t))).toEqual([]);
  });

  it('Hong Kong says 帳號, never 賬號', () => {
    expect(found('hk', (t) => t.includes('賬號'))).toEqual([]);
  });
});
