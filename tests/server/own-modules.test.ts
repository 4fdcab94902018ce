import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { OWN_MODULES, SWAPS_MODULES } from '../helpers/own-modules.ts';

/**
 * The server suite shares one module registry per worker (vitest.config.ts): a file that swaps a
 * module must be listed to get its own, or its stand-in reaches the next file (or misses a module
 * loaded by the last). Both ways: every such file is listed, and every listed file exists and swaps.
 */
it('lists exactly the server suite files that swap modules', () => {
  const files = readdirSync('tests/server').filter((f) => f.endsWith('.test.ts')).map((f) => `tests/server/${f}`);
  const swapping = files.filter((f) => SWAPS_MODULES.test(readFileSync(f, 'utf8')) && !f.endsWith('/own-modules.test.ts'));
  expect(swapping.filter((f) => !OWN_MODULES.includes(f)), 'files that swap modules but share the registry').toEqual([]);
  expect(OWN_MODULES.filter((f) => !swapping.includes(f)), 'listed files that do not swap modules').toEqual([]);
});
