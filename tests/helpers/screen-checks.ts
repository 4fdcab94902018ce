import type { Page } from 'playwright-core';
import type { Lang } from '../../i18n/languages.ts';
import * as langEn from '../../i18n/lang/en.ts';
import * as langHk from '../../i18n/lang/hk.ts';
import * as langZh from '../../i18n/lang/zh.ts';
import uiEn from '../../i18n/ui/en.ts';
import uiHk from '../../i18n/ui/hk.ts';
import uiZh from '../../i18n/ui/zh.ts';

/**
 * What a person would see wrong on a screen, beyond axe (issue 44): a red "cannot be shown" cell,
 * an error alert, a broken image, a raw i18n key, a raw field code where a label belongs, words of
 * another language than the page's, a list and its pager that disagree. Read from the page as it
 * is, by one script; answers one line per finding.
 */

type Messages = Record<string, unknown>;
const DICTS: Record<Lang, Messages[]> = {
  zh: [langZh.shared, langZh.ra as Messages, uiZh],
  hk: [langHk.shared, langHk.ra as Messages, uiHk],
  en: [langEn.shared, langEn.ra as Messages, uiEn],
};

/** Every message of a language by its dotted key. */
const flatten = (m: Messages, prefix = '', out = new Map<string, string>()) => {
  for (const [k, v] of Object.entries(m)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else if (v && typeof v === 'object') flatten(v as Messages, key, out);
  }
  return out;
};
const FLAT: Record<Lang, Map<string, string>> = {
  zh: new Map(DICTS.zh.flatMap((d) => [...flatten(d)])),
  hk: new Map(DICTS.hk.flatMap((d) => [...flatten(d)])),
  en: new Map(DICTS.en.flatMap((d) => [...flatten(d)])),
};

/** A message's words with its placeholders and plural forms taken out: the text a screen would show. */
const shown = (v: string) => v.split('||||')[0].trim();
/** Words worth telling apart: several letters, no placeholder (a stitched message is matched by its fixed text elsewhere). */
const wordy = (v: string, lang: Lang) => !v.includes('%{') && (lang === 'en' ? /[A-Za-z]{3,}.*\s.*[A-Za-z]{2,}|[A-Za-z]{6,}/.test(v) : /\p{Script=Han}{2,}/u.test(v));

/**
 * The messages that, on a page in `lang`, are another language's words: another language's text
 * for a key whose own text in `lang` differs, and that `lang` never uses for any key.
 */
const foreignTo = (lang: Lang) => {
  const own = new Set([...FLAT[lang].values()].map(shown));
  const out = new Set<string>();
  for (const other of ['zh', 'hk', 'en'] as Lang[]) {
    if (other === lang) continue;
    for (const [key, value] of FLAT[other]) {
      const v = shown(value);
      if (!wordy(v, other) || own.has(v)) continue;
      const mine = FLAT[lang].get(key);
      if (mine !== undefined && shown(mine) !== v) out.add(v);
    }
  }
  return [...out];
};
const FOREIGN: Record<Lang, string[]> = { zh: foreignTo('zh'), hk: foreignTo('hk'), en: foreignTo('en') };
/** The top-level namespaces of the messages: `resources.app.name` shown as such is a key, not words. */
const NAMESPACES = [...new Set(DICTS.en.flatMap((d) => Object.keys(d)))];
/** Texts that say a screen failed to show what it should. */
const FAILURE_KEYS = ['page.not_readable', 'page.row_gone', 'guard.title', 'ra.page.error', 'ra.notification.http_error', 'ra.message.not_found'];

/** The texts of `keys` in `lang`. */
const texts = (keys: string[], lang: Lang) => keys.map((k) => FLAT[lang].get(k)).filter((v): v is string => !!v).map(shown);

export interface Inspection {
  findings: string[];
  /** The screen shows an empty list (the demo should have given it a row). */
  emptyList: boolean;
}

/** Inspects the screen `page` shows, written in `lang`. */
export const inspectScreen = async (page: Page, lang: Lang): Promise<Inspection> =>
  page.evaluate(
    ({ lang, foreign, namespaces, failures }) => {
      const findings: string[] = [];
      const visible = (el: Element) => {
        const h = el as HTMLElement;
        if (!h.isConnected || h.closest('[aria-hidden=true], [hidden]')) return false;
        const r = h.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(h).visibility !== 'hidden';
      };
      const cut = (s: string) => (s.length > 80 ? `${s.slice(0, 77)}…` : s);
      // Text a person reads: text nodes outside scripts, code and the fields people type in, with
      // the nearest lang attribute (a language's own name in a switcher is marked as that language).
      const texts: { text: string; lang: string; el: Element }[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        const text = n.textContent?.trim();
        if (!el || !text || el.closest('script, style, code, pre, textarea, [contenteditable]') || !visible(el)) continue;
        texts.push({ text, lang: el.closest('[lang]')?.getAttribute('lang') ?? '', el });
      }
      const attrs = [...document.querySelectorAll('[aria-label], [title], [placeholder]')]
        .filter((el) => visible(el) || el.matches('button, a, input'))
        .flatMap((el) => ['aria-label', 'title', 'placeholder'].map((a) => el.getAttribute(a)?.trim()).filter((t): t is string => !!t).map((text) => ({ text, lang: el.closest('[lang]')?.getAttribute('lang') ?? '', el })));
      const pageLang = document.documentElement.lang;
      const inPageLanguage = (l: string) => !l || l === pageLang;

      for (const t of texts) if (failures.includes(t.text)) findings.push(`shows "${t.text}"`);
      for (const a of document.querySelectorAll('.MuiAlert-standardError, .MuiAlert-filledError, .MuiAlert-outlinedError')) {
        if (visible(a)) findings.push(`error alert: ${cut((a as HTMLElement).innerText.trim())}`);
      }
      for (const img of document.querySelectorAll('img')) {
        if (visible(img) && img.complete && img.naturalWidth === 0) findings.push(`broken image: ${img.getAttribute('src')}`);
      }
      const key = new RegExp(`(^|[^\\w./:-])((?:${namespaces.join('|')})\\.[a-z][a-z0-9_]*(?:\\.[a-z0-9_]+)+)(?![\\w/-])`);
      for (const t of [...texts, ...attrs]) {
        const k = key.exec(t.text);
        if (k) findings.push(`raw key: ${k[2]}`);
      }
      // A field's code where its label belongs: in a column header, a label, a tab, a menu, a button.
      for (const el of document.querySelectorAll('th, [role=columnheader], label, legend, [role=tab], [role=menuitem], button, .MuiFormLabel-root')) {
        const text = (el as HTMLElement).innerText?.trim();
        if (text && visible(el) && /^[a-z]+(_[a-z0-9]+)+$/.test(text)) findings.push(`raw code: ${text}`);
      }
      const foreignSet = new Set(foreign);
      for (const t of [...texts, ...attrs]) {
        if (!inPageLanguage(t.lang)) continue;
        if (foreignSet.has(t.text)) findings.push(`another language: "${cut(t.text)}"`);
        else if (lang === 'en' && /\p{Script=Han}/u.test(t.text) && !t.el.closest('input, select')) findings.push(`another language: "${cut(t.text)}"`);
      }
      // A list and its pager tell the same story.
      // A list with no rows at all shows its empty page in place of the list.
      let emptyList = [...document.querySelectorAll('[data-testid=list-empty]')].some(visible);
      for (const list of document.querySelectorAll('.RaList-main')) {
        if (!visible(list)) continue;
        const rows = [...list.querySelectorAll('tbody .RaDatagrid-row')].filter(visible).length;
        const empty = rows === 0;
        const pager = [...list.querySelectorAll('.MuiTablePagination-displayedRows')].find(visible);
        const numbers = (pager?.textContent ?? '').match(/\d+/g)?.map(Number) ?? [];
        const total = numbers.at(-1);
        if (empty) emptyList = true;
        if (pager && total !== undefined) {
          if (empty && total > 0) findings.push(`no rows but the pager says ${pager.textContent}`);
          if (rows > 0 && numbers.length >= 3 && numbers[1] - numbers[0] + 1 !== rows) findings.push(`${rows} rows but the pager says ${pager.textContent}`);
        }
      }
      return { findings: [...new Set(findings)], emptyList };
    },
    { lang, foreign: FOREIGN[lang], namespaces: NAMESPACES, failures: texts(FAILURE_KEYS, lang) },
  );
