import { readFileSync, writeFileSync } from 'node:fs';
import { DOC_TABLES, withTable } from '../server/open-api/docs-tables.ts';

/** `npm run docs:tables`: rewrites the docs' open-API and event tables from the registry. */
for (const { file, name, table } of DOC_TABLES) {
  const page = readFileSync(file, 'utf8');
  const next = withTable(page, name, table());
  if (next !== page) writeFileSync(file, next);
  console.log(`${file}: ${next === page ? 'unchanged' : 'rewritten'}`);
}
