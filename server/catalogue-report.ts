import { buildApp } from './app.ts';
import { compareCatalogue } from './catalogue.ts';
import { openPglite } from './db/pglite.ts';

// `npm run catalogue`: builds the app on a throwaway in-memory database and prints which of the
// spec's calls are mounted. `--missing` lists the missing ones too.
const db = await openPglite();
const { app, docs } = await buildApp({ db });
await app.ready();
const { mounted, missing, extra } = compareCatalogue(docs);
const bySide = (list: { side: string }[]) => Object.entries(list.reduce<Record<string, number>>((m, c) => ({ ...m, [c.side]: (m[c.side] ?? 0) + 1 }), {}));
console.log(`Catalogue calls mounted: ${mounted.length} of ${mounted.length + missing.length}`);
for (const [side, n] of bySide(mounted)) console.log(`  ${side.padEnd(8)} ${n} mounted`);
console.log('\nMounted:');
for (const c of mounted) console.log(`  ${c.method.padEnd(4)} ${c.path}`);
if (process.argv.includes('--missing')) {
  console.log('\nNot mounted yet (answer 404):');
  for (const c of missing) console.log(`  ${c.method.padEnd(4)} ${c.path}`);
} else {
  console.log(`\n${missing.length} not mounted yet (answer 404); run with -- --missing to list them.`);
}
console.log(`\nMounted beyond the catalogue (named in its convention): ${extra.length}`);
for (const d of extra) console.log(`  ${d.method.padEnd(4)} ${d.path}`);
await app.close();
await db.close();
