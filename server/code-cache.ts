import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import vm from 'node:vm';

export interface CachedRun {
  /** What became of the cache: used, refused by V8 (another Node.js or other flags), or none there. */
  cache: 'used' | 'refused' | 'none';
  /** Writes the cache when it was not used (once; a failure is a sentence, not an exception). */
  save(): string | undefined;
}

/**
 * Runs a CommonJS script (ASCII, as scripts/build-server.mjs writes it: read one byte a
 * character) through V8 with a code cache (docs/operations.md, "Start"). Node.js 20
 * keeps none for ES modules, and compiling the server's code was about half of the main thread's
 * start. The cache holds the bytecode of every function compiled by the time it is written (after
 * the server has listened), so a start with it parses and compiles almost nothing.
 *
 * `cacheFile` must name this script's exact content (the build puts the script's hash in it): V8
 * checks only the source's length, V8's version and its flags before it uses a cache. V8 also
 * refuses a cache written under other flags, so `save` is called when the flags are those of the
 * start again. A refused cache is written anew.
 */
export const runWithCodeCache = (file: string, cacheFile: string): CachedRun => {
  const source = readFileSync(file, 'latin1');
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData });
  const cache = !cachedData ? 'none' : script.cachedDataRejected ? 'refused' : 'used';
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  let saved = cache === 'used';
  return {
    cache,
    save() {
      if (saved) return undefined;
      saved = true;
      // Another instance may write it at the same moment: each writes its own file and renames it.
      const temporary = `${cacheFile}.${process.pid}`;
      try {
        writeFileSync(temporary, script.createCachedData());
        renameSync(temporary, cacheFile);
        return undefined;
      } catch (e) {
        rmSync(temporary, { force: true });
        return `The server's code cache was not written (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): each start compiles the server's code.`;
      }
    },
  };
};
