import { afterEach, describe, expect, it } from 'vitest';
import { chosenLanguage, language, rememberLanguage, showLanguage, store } from '../../dataProvider/session.ts';

const browserSpeaks = (...languages: string[]) => Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });

afterEach(() => {
  store.set('language', undefined);
  browserSpeaks('zh-CN', 'zh');
});

/** Which language the site shows (dataProvider/session.ts): a mailed link's, else the reader's choice, else their browser's best. */
describe('the language a visitor is shown', () => {
  it('with nothing chosen, the best of the browser’s languages', () => {
    browserSpeaks('en-US', 'en');
    expect(language()).toBe('en');
    browserSpeaks('zh-TW', 'en');
    expect(language()).toBe('hk');
    browserSpeaks('fr-FR', 'zh-CN');
    expect(language()).toBe('zh');
    browserSpeaks('ja-JP');
    expect(language()).toBe('zh');
    // Following the browser is no choice: nothing is stored.
    expect(chosenLanguage()).toBeUndefined();
  });

  it('a stored choice wins over the browser', () => {
    browserSpeaks('en-US');
    rememberLanguage('hk');
    expect(language()).toBe('hk');
    expect(document.cookie).toContain('lang=hk');
  });

  it('a mailed link’s language is shown until the reader chooses one', () => {
    rememberLanguage('zh');
    showLanguage('en');
    expect(language()).toBe('en');
    expect(chosenLanguage()).toBe('zh');
    rememberLanguage('hk');
    expect(language()).toBe('hk');
  });
});
