import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENTRY, SERVER_SCRIPT } from '../../scripts/build-server.mjs';
import { compiledServer } from '../helpers/instances.ts';

type Namer = (target: object, value: string) => object;

/** The name helper a built file runs, with `Object.defineProperty` counted. */
const helperOf = (file: string) => {
  const helper = /var __name=[^;]+;/.exec(readFileSync(file, 'utf8'))?.[0];
  expect(helper, `${file} has esbuild's name helper`).toBeTruthy();
  const sets = { n: 0 };
  const defProp = (target: object, key: string, desc: PropertyDescriptor) => (sets.n++, Object.defineProperty(target, key, desc));
  return { name: new Function('__defProp', `${helper} return __name;`)(defProp) as Namer, sets };
};

/** scripts/build-server.mjs, `cheapNames` (docs/operations.md, "Names in the built server"). */
describe('names in the built server', () => {
  it('sets a name esbuild changed, and leaves alone one JavaScript already gave', async () => {
    await compiledServer();
    for (const file of [SERVER_SCRIPT, SERVER_ENTRY]) {
      const { name, sets } = helperOf(file);
      function next() {}
      expect(name(next, 'next')).toBe(next);
      expect(sets.n).toBe(0);
      const renamed = function next2() {};
      expect(name(renamed, 'next')).toBe(renamed);
      expect(renamed.name).toBe('next');
      class Sequence2 {}
      name(Sequence2, 'Sequence');
      expect(Sequence2.name).toBe('Sequence');
      expect(sets.n).toBe(2);
    }
  });
});
