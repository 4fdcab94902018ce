import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

/**
 * docs/architecture.md, the page a newcomer reads first, names only what exists: every file and
 * folder it names, every declared name it writes in code (`pageQuery`, `COUNT_CAP`), and every name
 * it places in a file (`pageQuery` (`server/engine/paging.ts`)) is that file's.
 */
const root = join(import.meta.dirname, '../..');
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
const tokens = [...new Set([...doc.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]))];

const sources = (dir: string): string[] =>
  readdirSync(join(root, dir)).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(join(root, p)).isDirectory()) return f === 'node_modules' ? [] : sources(p);
    return /\.(ts|tsx|mjs)$/.test(f) ? [p] : [];
  });
const FOLDERS = ['server', 'resources', 'schemas', 'dataProvider', 'src', 'i18n', 'layouts', 'tests/helpers'];
const text = new Map(FOLDERS.flatMap(sources).map((p) => [p, readFileSync(join(root, p), 'utf8')]));
/** Declared at the top of the file (exported or not), or a member it declares (a hook, a context's method, a data provider's call). */
const declares = (source: string, name: string) =>
  new RegExp(`^(?:export )?(?:async )?(?:const|function|class|interface|type|let) ${name}\\b|export \\{[^}]*\\b${name}\\b|^\\s*(?:readonly )?${name}\\??[:(]`, 'm').test(source);

it('names only files and folders that exist', () => {
  const paths = tokens.filter((t) => /^[\w.-]+(\/[\w.-]*)+$/.test(t) || /^[\w-]+\.test\.ts$/.test(t));
  expect(paths.length).toBeGreaterThan(20);
  const missing = paths.filter((p) => !existsSync(join(root, p.includes('/') ? p : `tests/server/${p}`)));
  expect(missing).toEqual([]);
});

it('names only declared names that exist', () => {
  // Identifiers in code with a hump or in capitals: `guardPrivileges`, `CallContext`, `COUNT_CAP`, `bespoke()`, `findOne(ctx, guid)`.
  const names = tokens.map((t) => /^(?:ctx\.)?([A-Za-z_]\w*)(?:\(.*\))?$/.exec(t)?.[1]).filter((n): n is string => !!n && /[a-z][A-Z]|^[A-Z]/.test(n));
  expect(names).toEqual(expect.arrayContaining(['guardPrivileges', 'pageQuery', 'COUNT_CAP', 'pageOf', 'permissionOf']));
  expect(names.filter((n) => ![...text.values()].some((source) => declares(source, n)))).toEqual([]);
});

it('places each name in the file that holds it', () => {
  const placed = [...doc.matchAll(/`(\w+)`\s+(?:\(|in\s+)`([\w./-]+\.tsx?)`/g)].map((m) => ({ name: m[1], file: m[2] }));
  expect(placed.length).toBeGreaterThan(5);
  expect(placed.filter(({ name, file }) => !declares(text.get(file) ?? '', name))).toEqual([]);
});
