// Writes the open API's types from its OpenAPI document with openapi-typescript:
//   node sdk/scripts/generate.mjs [document URL or file] [output file]
// by default from a running server's /open/api/openapi.json (PUBLIC_URL, else 127.0.0.1:8080) into
// sdk/src/open-api.d.ts. `npm run sdk` runs it; the SDK's test fails while the file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const here = dirname(fileURLToPath(import.meta.url));
const origin = (process.env.PUBLIC_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const [source = `${origin}/open/api/openapi.json`, out = join(here, '../src/open-api.d.ts')] = process.argv.slice(2);

const load = async () => {
  if (!/^https?:/.test(source)) return JSON.parse(readFileSync(source, 'utf8'));
  // The English document: its summaries become the types' comments.
  const r = await fetch(source, { headers: { 'accept-language': 'en-US' } });
  if (!r.ok) throw new Error(`${source}: HTTP ${r.status}`);
  return r.json();
};

const ast = await openapiTS(await load());
writeFileSync(out, `${astToString(ast)}`);
console.log(`wrote ${out}`);
