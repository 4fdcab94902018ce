import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages, messagesOf } from '../../i18n/messages.ts';
import { consoleMessages } from '../../src/console/i18nProvider.ts';

/** Every bundle of messages: a folder of i18n/ holding zh.ts, hk.ts and en.ts (`i18n/lang` only gathers the others into chunks). */
const modules = import.meta.glob<{ default?: unknown }>('../../i18n/**/{zh,hk,en}.ts', { eager: true });
const BUNDLES = [...new Set(Object.keys(modules).map((p) => p.slice(0, p.lastIndexOf('/'))))]
  .filter((f) => !f.endsWith('/lang') && ['zh', 'hk', 'en'].every((l) => `${f}/${l}.ts` in modules))
  .map((f) => f.replace('../../', ''));

/** A bundle's messages as [dotted key, text] pairs. */
const leaves = (o: unknown, prefix = ''): [string, unknown][] =>
  o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => leaves(v, `${prefix}${k}.`)) : [[prefix.slice(0, -1), o]];
const keys = (o: unknown) => leaves(o).map(([k]) => k);

describe('three languages', () => {
  // The browser fetches one language at a time; the test compares all three.
  beforeAll(() => Promise.all((['zh', 'hk', 'en'] as const).map(loadMessages)));

  it.each([['client', (l: 'zh' | 'hk' | 'en') => messagesOf(l)], ['console (with react-admin)', consoleMessages]])('%s messages have the same keys in zh, hk and en', (_, of) => {
    const [zh, hk, en] = (['zh', 'hk', 'en'] as const).map((l) => new Set(keys(of(l))));
    const missing = (a: Set<string>, b: Set<string>) => [...a].filter((k) => !b.has(k));
    expect({ hk: missing(zh, hk), en: missing(zh, en), zhFromEn: missing(en, zh), zhFromHk: missing(hk, zh) }).toEqual({ hk: [], en: [], zhFromEn: [], zhFromHk: [] });
  });

  // A message empty in one language and not in another leaves a control without words (a button
  // without a name) there: the screen sweep runs axe in zh and en only (tests/helpers/screen-sweep.ts),
  // most journeys in zh only (`axeLanguage`, tests/helpers/axe.ts).
  it.each([['client', (l: 'zh' | 'hk' | 'en') => messagesOf(l)], ['console (with react-admin)', consoleMessages]])('%s messages are empty in all three languages or in none', (_, of) => {
    const [zh, hk, en] = (['zh', 'hk', 'en'] as const).map((l) => new Map(leaves(of(l))));
    const uneven = [...zh.keys()].filter((k) => new Set([zh, hk, en].map((m) => m.get(k) === '')).size > 1);
    expect(uneven).toEqual([]);
  });

  // Every bundle of messages (a folder of i18n/ holding zh.ts, hk.ts and en.ts): the server's answers and
  // mail, the demo's and the documents' seeded texts, the OpenAPI document's, and the pages that load
  // words of their own (i18n/client.ts pageMessages). A folder is found by the glob, so a new one is held too.
  it.each(BUNDLES)('%s has the same keys in zh, hk and en', (folder) => {
    const [zh, hk, en] = (['zh', 'hk', 'en'] as const).map((l) => new Set(keys(modules[`../../${folder}/${l}.ts`].default)));
    expect(zh.size).toBeGreaterThan(10);
    expect({ hk: [...zh].filter((k) => !hk.has(k)), en: [...zh].filter((k) => !en.has(k)), zh: [...en].filter((k) => !zh.has(k)), zhFromHk: [...hk].filter((k) => !zh.has(k)) }).toEqual({ hk: [], en: [], zh: [], zhFromHk: [] });
  });
});
