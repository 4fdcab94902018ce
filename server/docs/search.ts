/**
 * Full-text search over documents that finds Chinese as well as English on PGlite and PostgreSQL
 * alike, with no extension: text is cut into lexemes here — words for alphabetic scripts, and
 * overlapping two-character pieces for Chinese, Japanese and Korean, which have no spaces — and
 * stored as `tsvector`s (`array_to_tsvector`, so no database parser or locale decides). A query is
 * cut the same way and every piece must match (`&`); the last word also matches as a prefix.
 */
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{N}]+/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** The lexemes of a text. */
export const searchTokens = (text: string): string[] => {
  const out: string[] = [];
  for (const run of text.normalize('NFKC').toLowerCase().match(CJK_RUN) ?? []) {
    if (!CJK.test(run[0])) out.push(run.slice(0, 100));
    else if (run.length === 1) out.push(run);
    else for (let i = 0; i < run.length - 1; i++) out.push(run.slice(i, i + 2));
  }
  return out;
};

/** A query's `tsquery` text, or null when it has no lexeme. Lexemes are letters and digits only, so quoting is safe. */
export const searchQuery = (query: string): string | null => {
  const tokens = [...new Set(searchTokens(query))].slice(0, 16);
  if (!tokens.length) return null;
  const lastIsWord = !CJK.test(tokens.at(-1)![0]);
  return tokens.map((t, i) => `'${t}'${i === tokens.length - 1 && lastIsWord ? ':*' : ''}`).join(' & ');
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A short passage of `text` around the first place the query's words occur, HTML-escaped, with each
 * occurrence in `<mark>` — the only markup it holds.
 */
export const snippetOf = (text: string, query: string, width = 160): string => {
  const words = (query.normalize('NFKC').match(CJK_RUN) ?? []).filter(Boolean).sort((a, b) => b.length - a.length);
  if (!words.length) return escapeHtml(text.slice(0, width));
  const find = new RegExp(words.map(escapeRegExp).join('|'), 'giu');
  const first = text.search(find);
  const start = first < 0 ? 0 : Math.max(0, first - Math.floor(width / 3));
  const part = text.slice(start, start + width);
  const hits = part.match(find) ?? [];
  const html = part
    .split(find)
    .map((piece, i) => escapeHtml(piece) + (i < hits.length ? `<mark>${escapeHtml(hits[i])}</mark>` : ''))
    .join('');
  return `${start > 0 ? '…' : ''}${html}${start + width < text.length ? '…' : ''}`;
};
