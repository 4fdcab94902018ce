import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

/**
 * A journey's prefix (`journey(lang, prefix, …)`, tests/helpers/journey.ts) names its screenshots
 * and keys the languages it runs in, which pick the one its axe runs in (`axeLanguage`): journey
 * files share one module registry per worker, so two files with one prefix would share that entry.
 */
it('gives every journey file prefixes of its own', () => {
  const files = readdirSync('tests/e2e', { recursive: true, encoding: 'utf8' }).filter((f) => /\.test\.ts$/.test(f));
  const owners = new Map<string, Set<string>>();
  for (const f of files) {
    for (const [, prefix] of readFileSync(`tests/e2e/${f}`, 'utf8').matchAll(/\bjourney\(\s*[^,]+,\s*'([^']+)'/g)) owners.set(prefix, (owners.get(prefix) ?? new Set()).add(f));
  }
  expect(owners.size, 'journeys found').toBeGreaterThan(15);
  expect([...owners].filter(([, fs]) => fs.size > 1).map(([p, fs]) => `${p}: ${[...fs].join(', ')}`), 'prefixes in more than one file').toEqual([]);
});
