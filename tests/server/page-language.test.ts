import { describe, expect, it } from 'vitest';
import { langFromHeader } from '../../i18n/index.ts';
import { bestLanguage } from '../../i18n/languages.ts';
import { languageOf } from '../../server/http/page-render.ts';

/**
 * The language a server-rendered page is in (docs/rendering.md): a mailed link's `?lang=`, else the
 * reader's stored choice (the `lang` cookie), else the best of their Accept-Language, by the same
 * rule the browser applies to `navigator.languages` (i18n/languages.ts `bestLanguage`).
 */
describe('the language of a first visit', () => {
  const page = (url: string, headers: { cookie?: string; 'accept-language'?: string }) => languageOf({ url, headers });

  it('follows Accept-Language when nothing was chosen', () => {
    expect(page('/', { 'accept-language': 'en-US,en;q=0.9' })).toBe('en');
    expect(page('/', { 'accept-language': 'zh-TW,zh;q=0.9' })).toBe('hk');
    expect(page('/', { 'accept-language': 'zh-Hant-HK' })).toBe('hk');
    expect(page('/', { 'accept-language': 'zh-CN,en;q=0.5' })).toBe('zh');
    expect(page('/', { 'accept-language': 'fr-FR,de;q=0.8' })).toBe('zh');
    expect(page('/', {})).toBe('zh');
  });

  it('weighs the header’s tags by q, not by their place', () => {
    expect(langFromHeader('fr;q=0.9, en;q=0.4, zh-HK;q=0.8')).toBe('hk');
    expect(langFromHeader('zh;q=0, en')).toBe('en');
  });

  it('a stored choice wins over the browser, and a mailed link’s language over both', () => {
    expect(page('/appStore', { cookie: 'a=1; lang=hk', 'accept-language': 'en-US' })).toBe('hk');
    expect(page('/appStore', { cookie: 'lang=xx', 'accept-language': 'en-US' })).toBe('en');
    expect(page('/appStore?lang=en', { cookie: 'lang=zh', 'accept-language': 'zh-CN' })).toBe('en');
    expect(page('/appStore?lang=nope', { cookie: 'lang=hk' })).toBe('hk');
  });

  it('picks from the browser’s languages by the same rule', () => {
    expect(bestLanguage(['en-GB', 'zh-CN'])).toBe('en');
    expect(bestLanguage(['de-DE', 'zh-TW'])).toBe('hk');
    expect(bestLanguage(['zh'])).toBe('zh');
    expect(bestLanguage(['ja-JP'])).toBe('zh');
    expect(bestLanguage([])).toBe('zh');
  });
});
