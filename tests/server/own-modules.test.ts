import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { OWN_MODULES, SWAPS_MODULES } from '../helpers/own-modules.ts';

/**
 * The server, console and journey suites share one module registry per worker (vitest.config.ts):
 * a file that swaps a module must be listed to get its own, or its stand-in reaches the next file
 * (or misses a module loaded by the last). Both ways: every such file is listed, and every listed
 * file exists and swaps. The journeys list none: a journey that swaps a module fails here.
 */
it.each(['server', 'web', 'e2e'] as const)('lists exactly the %s suite files that swap modules', (suite) => {
  // Recursive, as the projects' `include` globs are (`tests/<suite>/**`).
  const files = readdirSync(`tests/${suite}`, { recursive: true, encoding: 'utf8' }).filter((f) => /\.test\.tsx?$/.test(f)).map((f) => `tests/${suite}/${f}`);
  const swapping = files.filter((f) => SWAPS_MODULES.test(readFileSync(f, 'utf8')) && !f.endsWith('/own-modules.test.ts'));
  const listed: string[] = suite === 'e2e' ? [] : OWN_MODULES[suite];
  expect(swapping.filter((f) => !listed.includes(f)), 'files that swap modules but share the registry').toEqual([]);
  expect(listed.filter((f) => !swapping.includes(f)), 'listed files that do not swap modules').toEqual([]);
});
