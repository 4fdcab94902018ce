import { translate } from '../../i18n/index.ts';
import { eventMessageKey } from '../../schemas/event.ts';
import { eventTypes } from '../seed/event-types.ts';
import { openApiCalls, summaryOf } from './calls.ts';

/**
 * The docs' tables of the open API (docs/apps.md) and the event types (docs/events.md), written
 * from the registry by `npm run docs:tables`; tests/server/docs-tables.test.ts fails when a page
 * holds other rows than these.
 */
const code = (s: string | null | undefined) => (s ? `\`${s}\`` : '—');

export const apiTable = () =>
  [
    '| call | scope | what it does |',
    '| --- | --- | --- |',
    ...openApiCalls.map((c) => `| \`POST ${c.path}\` (\`${c.apiCode}\`) | ${c.ability ? `the \`${c.ability}\` ability` : code(c.scope)} | ${summaryOf('en', c.path)} |`),
  ].join('\n');

export const eventTable = () =>
  [
    '| code | scope | what happened |',
    '| --- | --- | --- |',
    ...eventTypes().map((t) => `| \`${t.code}\` | ${code(t.group)} | ${translate('en', `resources.event-info.seeded.${eventMessageKey(t.code)}.description`)} |`),
  ].join('\n');

/** The page's text with the table between `<!-- <name> -->` and `<!-- /<name> -->` replaced. */
export const withTable = (page: string, name: string, table: string) => {
  const open = `<!-- ${name} -->\n`;
  const close = `\n<!-- /${name} -->`;
  const start = page.indexOf(open);
  const end = page.indexOf(close);
  if (start < 0 || end < start) throw new Error(`no ${open.trim()} … ${close.trim()} in the page`);
  return page.slice(0, start + open.length) + table + page.slice(end);
};

export const DOC_TABLES = [
  { file: 'docs/apps.md', name: 'open-api calls', table: apiTable },
  { file: 'docs/events.md', name: 'event types', table: eventTable },
] as const;
