import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureBundle } from '../../bench/bundle.ts';

/**
 * What the consoles' first load is made of, read from the production build (dist/, which the
 * journeys run on): the definitions as data without zod (resources/console-defs.ts), and what both
 * consoles load first in one chunk that no other page loads (scripts/console-chunk.mjs). The sizes
 * are `npm run bench`'s; this checks the shape that gives them.
 */
const DIST = process.env.E2E_DIST ?? 'dist';
const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; src?: string; isEntry?: boolean; imports?: string[] }>;
const figures = measureBundle(DIST);
const text = (file: string) => readFileSync(join(DIST, file), 'utf8');
/** zod names its classes at run time (`$constructor("$ZodType", …)`): the name survives minifying. */
const ZOD = '$ZodType';
/** An option react-hook-form's reset reads (`keepDirtyValues`): a property name, it survives minifying. */
const FORM_LIBRARY = 'keepDirtyValues';

const closure = (keys: string[], seen = new Set<string>()) => {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
};

describe("the consoles' first load", () => {
  it('carries no zod, which forms load when they open', () => {
    expect(readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js') && text(`assets/${f}`).includes(ZOD)).length).toBeGreaterThan(0);
    const first = [...figures.homeFiles, ...figures.consoleFiles, ...figures.tenantFiles].filter((f) => f.endsWith('.js'));
    expect(first.filter((f) => text(f).includes(ZOD))).toEqual([]);
  });

  it('carries no form library: a list loads react-admin\'s filter form only once it shows a filter other than its search (src/console/ListFrame.tsx)', () => {
    expect(readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js') && text(`assets/${f}`).includes(FORM_LIBRARY)).length).toBeGreaterThan(0);
    const first = [...figures.homeFiles, ...figures.consoleFiles, ...figures.tenantFiles].filter((f) => f.endsWith('.js'));
    expect(first.filter((f) => text(f).includes(FORM_LIBRARY))).toEqual([]);
  });

  it('takes what both consoles load first from one chunk, which neither the home page nor a public or sign-in page loads', () => {
    const group = Object.keys(manifest).filter((k) => /(^|\/)_?console-[\w-]+\.js$/.test(k));
    expect(group).toHaveLength(1);
    const file = manifest[group[0]].file;
    expect(figures.consoleFiles).toContain(file);
    expect(figures.tenantFiles).toContain(file);
    expect(figures.homeFiles).not.toContain(file);
    const outside = Object.keys(manifest).filter((k) => manifest[k].isEntry || manifest[k].src?.startsWith('src/pages/'));
    expect(outside.length).toBeGreaterThan(5);
    for (const key of outside) expect([...closure([key])], key).not.toContain(group[0]);
  });
});
