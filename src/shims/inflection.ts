/**
 * inflection, as react-admin uses it: to make a label from a name that no message translates (a
 * resource's name in the singular or plural, a field's source as words). Every label here is
 * translated, so the fallback needs only regular English: inflection's rule tables and irregular
 * words (~3 KB gzipped, in the consoles' first load) are left out. vite.config.ts points react-admin's
 * import here; tests/web/inflection-shim.test.ts checks that every definition's name and field
 * comes out as inflection itself writes it.
 */

/** Words whose plural is the word (inflection's list, of those a label could hold). */
const SAME = new Set(['equipment', 'information', 'rice', 'money', 'species', 'series', 'fish', 'sheep', 'news', 'data', 'metadata', 'feedback', 'sms', 'media']);

export const pluralize = (str: string, plural?: string) => {
  if (plural) return plural;
  if (SAME.has(str.toLowerCase())) return str;
  if (/(ss|us|[xz]|[cs]h)$/i.test(str)) return `${str}es`;
  if (/[^aeiou]y$/i.test(str)) return `${str.slice(0, -1)}ies`;
  if (/s$/i.test(str)) return str;
  return `${str}s`;
};

export const singularize = (str: string, singular?: string) => {
  if (singular) return singular;
  if (SAME.has(str.toLowerCase()) || /(ss|us)$/i.test(str) || /is$/.test(str)) return str;
  if (/[^aeiou]ies$/i.test(str)) return `${str.slice(0, -3)}y`;
  if (/(ss|us|[xz]|[cs]h)es$/i.test(str)) return str.slice(0, -2);
  if (/s$/i.test(str)) return str.slice(0, -1);
  return str;
};

export const inflect = (str: string, count: number, singular?: string, plural?: string) =>
  Number.isNaN(count) ? str : count === 1 ? singularize(str, singular) : pluralize(str, plural);

export const capitalize = (str: string) => {
  const lower = str.toLowerCase();
  return lower.substring(0, 1).toUpperCase() + lower.substring(1);
};

export const humanize = (str: string, lowFirstLetter?: boolean) => {
  const words = str.toLowerCase().replace(/(_ids|_id)$/g, '').replace(/_/g, ' ');
  return lowFirstLetter ? words : capitalize(words);
};

export const underscore = (str: string, allUpperCase?: boolean) =>
  allUpperCase && str === str.toUpperCase() ? str : str.split('::').map((p) => p.replace(/([A-Z])/g, '_$1').replace(/^_/, '')).join('/').toLowerCase();

const STEPS: Record<string, (s: string) => string> = { pluralize, singularize, capitalize, humanize, underscore };

/** The steps react-admin asks for (`underscore`, `humanize`, ...), in order; as in inflection, a step it does not know leaves the words as they are. */
export const transform = (str: string, steps: readonly string[]) => steps.reduce((s, step) => STEPS[step]?.(s) ?? s, str);
