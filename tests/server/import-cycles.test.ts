import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';

/**
 * No import cycle among the project's modules (docs/architecture.md, "cycles: 0"), type-only ones
 * included: `import type … from`, `export … from` and a type written `import('./x.ts').Name` all
 * count, since a cycle of types alone still ties the files' meaning to each other.
 */
const root = join(import.meta.dirname, '../..');
const FOLDERS = ['server', 'resources', 'schemas', 'dataProvider', 'src', 'i18n', 'layouts'];
const IMPORT = /(?:(?:^|\n)\s*(?:import|export)\s+[^'"]*?from\s+|import\(\s*)['"](\.[^'"]+)['"]/g;

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return f === 'node_modules' ? [] : sources(p);
    return /\.(ts|tsx|mts|mjs)$/.test(f) ? [resolve(p)] : [];
  });

/** The strongly connected groups of more than one file (Tarjan's algorithm), each a cycle or several sharing files. */
const cyclesOf = (files: Map<string, string>) => {
  const edges = new Map([...files].map(([file, source]) => [
    file,
    [...source.matchAll(IMPORT)].map((m) => resolve(dirname(file), m[1])).map((base) => [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((c) => files.has(c))).filter((c): c is string => !!c),
  ]));
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) groups.push(group);
  };
  for (const f of files.keys()) if (!index.has(f)) visit(f);
  return groups;
};

it('finds a cycle made of types alone', () => {
  const files = new Map([
    ['/p/a.ts', "export interface A { b: import('./b.ts').B }"],
    ['/p/b.ts', "import type { A } from './a.ts';\nexport interface B { a: A }"],
    ['/p/c.ts', "import { x } from './a.ts';"],
  ]);
  expect(cyclesOf(files).map((g) => g.sort())).toEqual([['/p/a.ts', '/p/b.ts']]);
});

it('the project has none', () => {
  const files = new Map(FOLDERS.flatMap((d) => sources(join(root, d))).map((f) => [f, readFileSync(f, 'utf8')]));
  expect(files.size).toBeGreaterThan(400);
  expect(cyclesOf(files).map((g) => g.map((f) => relative(root, f)).sort())).toEqual([]);
});
