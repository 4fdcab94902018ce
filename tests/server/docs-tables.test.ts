import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { DOC_TABLES, withTable } from '../../server/open-api/docs-tables.ts';

/** The docs' open-API and event tables are the registry's: `npm run docs:tables` writes them. */
it.each(DOC_TABLES.map((t) => ({ ...t })))('$file lists the $name of the registry', ({ file, name, table }) => {
  const page = readFileSync(file, 'utf8');
  expect(withTable(page, name, table()), `run npm run docs:tables`).toBe(page);
});
