import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md and the README, the pages a newcomer reads first, name only what exists:
 * every file and folder they name, every declared name they write in code (`pageQuery`,
 * `COUNT_CAP`), and every name they place in a file (`pageQuery` (`server/engine/paging.ts`)) is
 * that file's.
 */
const root = join(import.meta.dirname, '../..');
/**
 * Each page with the names it must cite (proof the scan reads it). The README also names what is
 * not in the repository (a data folder, a time zone) and what code reads rather than declares
 * (environment variables, a log's fields): a path counts when its first segment is one of the
 * repository's, and its names when some source declares or reads them.
 */
const DOCS = [
  { file: 'docs/architecture.md', cites: ['guardPrivileges', 'pageQuery', 'COUNT_CAP', 'pageOf', 'permissionOf'], paths: 20, places: 5, readIsEnough: false },
  { file: 'README.md', cites: ['defineResource', 'ResourceName'], paths: 10, places: 0, readIsEnough: true },
];

const sources = (dir: string): string[] =>
  readdirSync(join(root, dir)).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(join(root, p)).isDirectory()) return f === 'node_modules' ? [] : sources(p);
    return /\.(ts|tsx|mjs)$/.test(f) ? [p] : [];
  });
const FOLDERS = ['server', 'resources', 'schemas', 'dataProvider', 'src', 'i18n', 'layouts', 'tests', 'bench', 'scripts'];
const ROOT_FILES = ['vitest.config.ts', 'vite.config.ts'];
const text = new Map([...FOLDERS.flatMap(sources), ...ROOT_FILES].filter((p) => !p.endsWith('architecture-doc.test.ts')).map((p) => [p, readFileSync(join(root, p), 'utf8')]));
/** Declared at the top of the file (exported or not), or a member it declares (a hook, a context's method, a data provider's call). */
const declares = (source: string, name: string) =>
  new RegExp(`^(?:export )?(?:async )?(?:const|function|class|interface|type|let) ${name}\\b|export \\{[^}]*\\b${name}\\b|^\\s*(?:readonly )?${name}\\??[:(]`, 'm').test(source);

const inRepository = (path: string) => !path.startsWith('.') && existsSync(join(root, path.split('/')[0]));

describe.each(DOCS)('$file', ({ file, cites, paths: cited, places, readIsEnough }) => {
  const doc = readFileSync(join(root, file), 'utf8');
  const tokens = [...new Set([...doc.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]))];

  it('names only files and folders that exist', () => {
    const paths = tokens.filter((t) => (/^[\w.-]+(\/[\w.-]*)+$/.test(t) && inRepository(t)) || /^[\w-]+\.test\.ts$/.test(t));
    expect(paths.length).toBeGreaterThan(cited);
    const missing = paths.filter((p) => !existsSync(join(root, p.includes('/') ? p : `tests/server/${p}`)));
    expect(missing).toEqual([]);
  });

  it('names only declared names that exist', () => {
    // Identifiers in code with a hump or in capitals: `guardPrivileges`, `CallContext`, `COUNT_CAP`, `bespoke()`, `findOne(ctx, guid)`.
    const names = tokens.map((t) => /^(?:ctx\.)?([A-Za-z_]\w*)(?:\(.*\))?$/.exec(t)?.[1]).filter((n): n is string => !!n && /[a-z][A-Z]|^[A-Z]/.test(n));
    expect(names).toEqual(expect.arrayContaining(cites));
    const known = (n: string) => [...text.values()].some((source) => declares(source, n) || (readIsEnough && new RegExp(`\\b${n}\\b`).test(source)));
    expect(names.filter((n) => !known(n))).toEqual([]);
  });

  it('places each name in the file that holds it', () => {
    const placed = [...doc.matchAll(/`(\w+)`\s+(?:\(|in\s+)`([\w./-]+\.tsx?)`/g)].map((m) => ({ name: m[1], file: m[2] }));
    expect(placed.length).toBeGreaterThanOrEqual(places);
    expect(placed.filter(({ name, file }) => !declares(text.get(file) ?? '', name))).toEqual([]);
  });
});
