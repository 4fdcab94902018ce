import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CallDoc } from './http/calls.ts';

export interface CatalogueCall {
  side: 'operator' | 'system' | 'tenant';
  path: string;
  method: 'POST' | 'GET';
  body: 'json' | 'none' | 'form';
  note: string;
}

/** The spec's 330 calls; the project's own copy lives in docs/call-catalogue.json. */
export const catalogue = (): CatalogueCall[] =>
  JSON.parse(readFileSync(fileURLToPath(new URL('../docs/call-catalogue.json', import.meta.url)), 'utf8'));

/** Which catalogue calls the server mounts (same path and method) and which it does not. */
export const compareCatalogue = (docs: readonly CallDoc[], calls = catalogue()) => {
  const mounted = new Set(docs.map((d) => `${d.method} ${d.path}`));
  const inCatalogue = new Set(calls.map((c) => `${c.method} ${c.path}`));
  return {
    mounted: calls.filter((c) => mounted.has(`${c.method} ${c.path}`)),
    missing: calls.filter((c) => !mounted.has(`${c.method} ${c.path}`)),
    /** Calls we mount that the catalogue does not list (named in its convention, see docs/api.md). */
    extra: docs.filter((d) => !inCatalogue.has(`${d.method} ${d.path}`)),
  };
};
