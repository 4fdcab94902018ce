import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages, messagesOf } from '../../i18n/messages.ts';
import { consoleMessages } from '../../src/console/i18nProvider.ts';

const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix.slice(0, -1)];

describe('three languages', () => {
  // The browser fetches one language at a time; the test compares all three.
  beforeAll(() => Promise.all((['zh', 'hk', 'en'] as const).map(loadMessages)));

  it.each([['client', (l: 'zh' | 'hk' | 'en') => messagesOf(l)], ['console (with react-admin)', consoleMessages]])('%s messages have the same keys in zh, hk and en', (_, of) => {
    const [zh, hk, en] = (['zh', 'hk', 'en'] as const).map((l) => new Set(keys(of(l))));
    const missing = (a: Set<string>, b: Set<string>) => [...a].filter((k) => !b.has(k));
    expect({ hk: missing(zh, hk), en: missing(zh, en), zhFromEn: missing(en, zh), zhFromHk: missing(hk, zh) }).toEqual({ hk: [], en: [], zhFromEn: [], zhFromHk: [] });
  });

  // Pages with words of their own load them in chunks of their own (i18n/client.ts pageMessages).
  it.each(['debug', 'apps', 'store', 'docs'])('the %s page messages have the same keys in zh, hk and en', async (page) => {
    const [zh, hk, en] = await Promise.all((['zh', 'hk', 'en'] as const).map(async (l) => new Set(keys((await import(`../../i18n/ui/${page}/${l}.ts`)).default))));
    expect(zh.size).toBeGreaterThan(10);
    expect({ hk: [...zh].filter((k) => !hk.has(k)), en: [...zh].filter((k) => !en.has(k)), zh: [...en].filter((k) => !zh.has(k)) }).toEqual({ hk: [], en: [], zh: [] });
  });
});
