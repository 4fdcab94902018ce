import { isAscii } from 'node:buffer';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import vm from 'node:vm';

export interface CachedRun {
  /** What became of the cache: used, refused by V8 (another Node.js or other flags), or none there. */
  cache: 'used' | 'refused' | 'none';
  /** The script's `module.exports`. */
  exports: unknown;
  /** Writes the cache when it was not used (once; a failure is a sentence, not an exception). */
  save(): string | undefined;
}

export interface CodeCacheOptions {
  /** The cache's file, named by the script's content (absent: the script is compiled and no cache kept). */
  cacheFile?: string | ((source: Buffer) => string);
  /** Whose code it is ("the server"), in the sentence said when its cache cannot be written. */
  what: string;
}

/**
 * Runs a CommonJS script through V8 with a code cache (docs/operations.md, "Start"): the compiled
 * server (scripts/build-server.mjs) and the page renderer (vite.config.ts). Node.js 20 keeps none
 * for ES modules, and compiling the server's code was about half of the main thread's start. The
 * cache holds the bytecode of every function compiled by the time it is written (after the
 * server has listened), so a start with it parses and compiles almost nothing. An ASCII script is
 * read one byte a character, which is how V8 then keeps its source.
 *
 * The cache file must name this script's exact content (its hash): V8 checks only the source's
 * length, V8's version and its flags before it uses a cache. V8 also refuses a cache written
 * under other flags than those it is read under, so `save` is called under the flags of the
 * moment the script was compiled. A refused cache is written anew.
 */
export const runWithCodeCache = (file: string, { cacheFile, what }: CodeCacheOptions): CachedRun => {
  const bytes = readFileSync(file);
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const cachePath = typeof cacheFile === 'function' ? cacheFile(bytes) : cacheFile;
  let cachedData: Buffer | undefined;
  try {
    cachedData = cachePath ? readFileSync(cachePath) : undefined;
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData });
  const cache = !cachedData ? 'none' : script.cachedDataRejected ? 'refused' : 'used';
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  let saved = cache === 'used' || !cachePath;
  return {
    cache,
    exports: module.exports,
    save() {
      if (saved || !cachePath) return undefined;
      saved = true;
      // Another instance may write it at the same moment: each writes its own file and renames it.
      const temporary = `${cachePath}.${process.pid}`;
      try {
        writeFileSync(temporary, script.createCachedData());
        renameSync(temporary, cachePath);
        return undefined;
      } catch (e) {
        rmSync(temporary, { force: true });
        return `The code cache of ${what} was not written (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): each start compiles its code.`;
      }
    },
  };
};
