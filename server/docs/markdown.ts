import MarkdownIt from 'markdown-it';

/**
 * Documents are user content: operators write Markdown, visitors read the HTML. The renderer takes
 * no HTML from the text at all (`html: false` escapes it), and a link or image keeps its address
 * only when it is http(s), mailto, or on this site; everything else (javascript:, data:, vbscript:,
 * entity-encoded variants — markdown-it decodes before this check) renders as text.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

const SAFE_URL = /^(https?:|mailto:)/i;
md.validateLink = (url: string) => {
  const u = url.trim();
  // A scheme is letters, digits, + - . before the first colon; without one the address is on this site.
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(u);
  return scheme ? SAFE_URL.test(u) : !u.startsWith('//');
};

/** Scope codes an API table may name (`contact:member:readonly`). */
const TABLE_CODE = /^[a-z0-9][a-z0-9:._-]{0,63}$/;
const TABLE_KINDS: Record<string, 'api' | 'event'> = { 'api-table': 'api', 'event-table': 'event' };

const fence = md.renderer.rules.fence!;
// ```api-table contact:member:readonly``` (or event-table) embeds a scope's table; the page fills it in.
md.renderer.rules.fence = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  const kind = TABLE_KINDS[token.info.trim()];
  const code = token.content.trim();
  if (kind && TABLE_CODE.test(code)) return `<div data-api-table="${kind}" data-code="${md.utils.escapeHtml(code)}"></div>\n`;
  return fence(tokens, idx, options, env, self);
};

// Outside links open in a new tab without handing it this page.
const linkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = tokens[idx].attrGet('href') ?? '';
  if (/^https?:/i.test(href)) {
    tokens[idx].attrSet('target', '_blank');
    tokens[idx].attrSet('rel', 'noopener noreferrer');
  }
  return linkOpen(tokens, idx, options, env, self);
};

export interface TocEntry {
  level: number;
  id: string;
  text: string;
}

/** An anchor id from a heading's text: letters (any script) and digits, words joined by hyphens. */
export const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80) || 'section';

/** The document's HTML, its headings with anchors, and the table of contents (levels 2 and 3). */
export const renderMarkdown = (source: string): { html: string; toc: TocEntry[] } => {
  const env = {};
  const tokens = md.parse(source, env);
  const toc: TocEntry[] = [];
  const used = new Map<string, number>();
  tokens.forEach((t, i) => {
    if (t.type !== 'heading_open') return;
    const text = tokens[i + 1]?.children?.filter((c) => c.type === 'text' || c.type === 'code_inline').map((c) => c.content).join('') ?? '';
    const base = slugOf(text);
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    const id = n === 1 ? base : `${base}-${n}`;
    t.attrSet('id', id);
    const level = Number(t.tag.slice(1));
    if (level === 2 || level === 3) toc.push({ level, id, text });
  });
  return { html: md.renderer.render(tokens, md.options, env), toc };
};

/** The text a search reads and snippets quote: the Markdown without its marks. */
export const plainText = (source: string) =>
  renderMarkdown(source)
    .html.replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
