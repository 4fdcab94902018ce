import { DEFAULT_LANG, type Lang } from './languages.ts';
import { pluralForm } from './plural.ts';
import uiZh from './ui/zh.ts';

/**
 * The UI's own messages: all the light public shell needs. The shared messages (server answers,
 * validation, resource labels) are large and only the console uses them, so they join when the
 * console loads (i18n/messages.ts registers them); the namespaces of the two never overlap.
 * The default language is part of the entry (it is also the fallback); the others are chunks of
 * their own, fetched by loadLanguage (src/main.tsx before the first render, the shell on a switch).
 */
export const uiMessages: Partial<Record<Lang, Record<string, unknown>>> = { zh: uiZh };
const uiImporters: Partial<Record<Lang, () => Promise<{ default: Record<string, unknown> }>>> = {
  hk: () => import('./ui/hk.ts'),
  en: () => import('./ui/en.ts'),
};
const uiPending = new Map<Lang, Promise<void>>();
/** Fetches a language's UI messages once. */
export const loadUiMessages = (lang: Lang): Promise<void> => {
  const importer = uiImporters[lang];
  if (!importer || uiMessages[lang]) return Promise.resolve();
  let p = uiPending.get(lang);
  if (!p) {
    p = importer().then((m) => {
      uiMessages[lang] = m.default;
    });
    p.catch(() => uiPending.delete(lang));
    uiPending.set(lang, p);
  }
  return p;
};

/** The shared messages of the languages loaded so far (i18n/messages.ts loads one language at a time). */
const shared: Partial<Record<Lang, Record<string, unknown>>> = {};
/**
 * How many times shared messages have arrived, and who waits for them: what the shell rendered
 * before the console's messages came in (a menu's label, a breadcrumb) renders again with them
 * (src/shell/LangContext.tsx), rather than keep the text it fell back to.
 */
let arrivals = 0;
const listeners = new Set<() => void>();
export const messagesArrived = () => arrivals;
export const onMessagesArrive = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Called by i18n/messages.ts: from then on `tr` also reads that language's shared messages. */
export const registerSharedMessages = (lang: Lang, messages: Record<string, unknown>) => {
  shared[lang] = messages;
  arrivals++;
  for (const listener of listeners) listener();
};

type LanguageLoader = (lang: Lang) => Promise<unknown>;
const loaders = new Set<LanguageLoader>([loadUiMessages]);
/** A part loaded later (the console's messages) says how to fetch a language's messages for it. */
export const registerLanguageLoader = (loader: LanguageLoader) => {
  loaders.add(loader);
};
/**
 * Fetches what every part loaded so far needs to show `lang`; the shell switches language only
 * when this settles (src/shell/LangContext.tsx), so no screen renders keys without their text.
 */
export const loadLanguage = (lang: Lang): Promise<void> => Promise.all([...loaders].map((load) => load(lang))).then(() => undefined);

const lookup = (messages: Record<string, unknown> | undefined, key: string): string | undefined => {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node && typeof node === 'object' && part in (node as object)) node = (node as Record<string, unknown>)[part];
    else return undefined;
  }
  return typeof node === 'string' ? node : undefined;
};

/** Messages lazily loaded pages brought (the debug console's, an app's pages'), per language. */
const pageParts: Partial<Record<Lang, Record<string, unknown>[]>> = {};
const lookupParts = (lang: Lang, key: string) => {
  for (const part of pageParts[lang] ?? []) {
    const found = lookup(part, key);
    if (found !== undefined) return found;
  }
  return undefined;
};

type Importers = Record<Lang, () => Promise<{ default: Record<string, unknown> }>>;
/**
 * A page's own messages, in chunks of its own: no other page downloads them. They join the
 * language switch; `pending(lang)` is null once a language is in, else the promise of its load
 * (the same every time, for React's `use`, which the page suspends on).
 */
export const pageMessages = (importers: Importers) => {
  const loads = new Map<Lang, Promise<void>>();
  const done = new Set<Lang>();
  const load = (lang: Lang) => {
    let p = loads.get(lang);
    if (!p) {
      p = importers[lang]().then((m) => {
        (pageParts[lang] ??= []).push(m.default);
        done.add(lang);
      });
      p.catch(() => loads.delete(lang));
      loads.set(lang, p);
    }
    return p;
  };
  registerLanguageLoader(load);
  return { pending: (lang: Lang) => (done.has(lang) ? null : load(lang)) };
};

const find = (lang: Lang, key: string) => lookup(uiMessages[lang], key) ?? lookup(shared[lang], key) ?? lookupParts(lang, key);

/**
 * Translation for code outside react-admin (the light public pages, the http client). Menu codes
 * such as `admin:role` contain no dot, so a dotted path walks the nested messages safely.
 */
export const tr = (lang: Lang, key: string, params: Record<string, unknown> = {}): string => {
  const text = pluralForm(lang, find(lang, key) ?? find(DEFAULT_LANG, key) ?? key, params);
  return text.replace(/%\{(\w+)\}/g, (_, name) => String(params[name] ?? ''));
};

export const hasClientKey = (lang: Lang, key: string) => find(lang, key) !== undefined;
