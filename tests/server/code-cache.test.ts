import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
const r = runWithCodeCache(${JSON.stringify(script)}, { cacheFile: ${JSON.stringify(cache)}, what: 'the server' });
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
    expect(out).toContain('save The code cache of the server was not written (ENOENT): each start compiles its code.');
    expect(existsSync(join(dir, 'missing-folder'))).toBe(false);
  });
});

describe('runWithCodeCache, as the page renderer uses it', () => {
  const other = join(dir, 'renderer.cjs');
  // Not ASCII: read as UTF-8, not one byte a character.
  writeFileSync(other, "module.exports = { greet: () => '开放平台 ẞ' };\n");
  const runOther = (cacheFile: string) => {
    const code = `import { createHash } from 'node:crypto';
import { runWithCodeCache } from ${JSON.stringify(join(ROOT, 'server/code-cache.ts'))};
const r = runWithCodeCache(${JSON.stringify(other)}, { cacheFile: ${cacheFile}, what: 'the page renderer' });
console.log('cache', r.cache, r.exports.greet() === '开放平台 ẞ');
console.log('save', r.save() ?? 'ok');`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    return r.stdout;
  };

  it('answers the script’s exports, reads a script that is not ASCII as UTF-8, and names the cache by the script’s content', () => {
    const byContent = `(source) => ${JSON.stringify(dir)} + '/renderer-' + createHash('sha256').update(source).digest('hex').slice(0, 8) + '.code-cache'`;
    expect(runOther(byContent)).toContain('cache none true');
    const expected = join(dir, `renderer-${createHash('sha256').update(readFileSync(other)).digest('hex').slice(0, 8)}.code-cache`);
    expect(existsSync(expected)).toBe(true);
    expect(runOther(byContent)).toContain('cache used true');
  });

  it('without a cache file compiles the script and writes nothing', () => {
    const before = readdirSync(dir).length;
    const out = runOther('undefined');
    expect(out).toContain('cache none true');
    expect(out).toContain('save ok');
    expect(readdirSync(dir)).toHaveLength(before);
  });
});
