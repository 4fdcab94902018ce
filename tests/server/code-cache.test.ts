import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * server/code-cache.ts, as the compiled server's entry uses it: a CommonJS script run through
 * V8 with a code cache. Each run is a process of its own, as each start is (V8 keeps scripts it
 * compiled in memory, which would hide what the cache does).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'code-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const script = join(dir, 'script.cjs');
const cacheFile = join(dir, 'script.code-cache');
// Enough code for a cache worth the name, a require and the script's own path.
writeFileSync(
  script,
  `const { join } = require('node:path');\n${Array.from({ length: 200 }, (_, i) => `function f${i}(x) { return x * ${i} + ${i}; }`).join('\n')}\nmodule.exports = f199(1);\nconsole.log('ran', join(__dirname, 'x') === ${JSON.stringify(join(dir, 'x'))}, __filename === ${JSON.stringify(script)});\n`,
);

/** Runs the script through runWithCodeCache in a new process; the cache's fate and what save() said. */
const run = (cache = cacheFile) => {
  const code = `import { runWithCodeCache } from ${JSON.stringify(join(ROOT, 'server/code-cache.ts'))};
const r = runWithCodeCache(${JSON.stringify(script)}, ${JSON.stringify(cache)});
console.log('cache', r.cache);
console.log('save', r.save() ?? 'ok');`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout;
};

describe('runWithCodeCache', () => {
  it('compiles the script without a cache and writes one', () => {
    const out = run();
    expect(out).toContain('ran true true');
    expect(out).toContain('cache none');
    expect(out).toContain('save ok');
    expect(statSync(cacheFile).size).toBeGreaterThan(500);
  });

  it('uses the cache at the next run and does not write it again', () => {
    const before = readFileSync(cacheFile);
    const mtime = statSync(cacheFile).mtimeMs;
    const out = run();
    expect(out).toContain('ran true true');
    expect(out).toContain('cache used');
    expect(statSync(cacheFile).mtimeMs).toBe(mtime);
    expect(readFileSync(cacheFile).equals(before)).toBe(true);
  });

  it('refuses a damaged cache, still runs the script and writes the cache anew', () => {
    writeFileSync(cacheFile, Buffer.alloc(4096, 7));
    const out = run();
    expect(out).toContain('ran true true');
    expect(out).toContain('cache refused');
    expect(out).toContain('save ok');
    expect(run()).toContain('cache used');
  });

  it('says in a sentence when the cache cannot be written, and the script has run', () => {
    const out = run(join(dir, 'missing-folder', 'script.code-cache'));
    expect(out).toContain('ran true true');
    expect(out).toContain("save The server's code cache was not written (ENOENT): each start compiles the server's code.");
    expect(existsSync(join(dir, 'missing-folder'))).toBe(false);
  });
});
