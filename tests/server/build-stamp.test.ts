import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectFiles, staleReason, STAMP, viteEnv, writeStamp } from '../../scripts/build-stamp.mjs';

/**
 * `npm start` builds again only when the last build is stale (scripts/build-stamp.mjs): the stamp
 * names every project file that went into the build with a hash of its content, the installed
 * dependencies and the build settings, and the outputs that must exist.
 */
let root: string;
let out: string;
const write = (rel: string, text: string) => {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), text);
};
const files = ['index.html', 'src/main.tsx', 'src/app.tsx', 'vite.config.ts'];
const stamp = (env: Record<string, string> = {}) => writeStamp({ root, outDir: out, files, outputs: ['index.html', 'assets/main-1a2b.js'], env });
const reason = (env: Record<string, string> = {}) => staleReason({ root, outDir: out, env });

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'open-stamp-'));
  out = join(root, 'dist');
  for (const f of files) write(f, `// ${f}\n`);
  write('node_modules/.package-lock.json', '{"lockfileVersion":3,"packages":{"node_modules/react":{"version":"19.3.1"}}}');
  write('dist/index.html', '<!doctype html>');
  write('dist/assets/main-1a2b.js', 'export {}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('a build is current', () => {
  it('right after it wrote its stamp', () => {
    expect(stamp()).toBe(true);
    expect(reason()).toBeNull();
  });

  it('when a source is saved again unchanged (content, not time, decides)', () => {
    stamp();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src/app.tsx'), later, later);
    write('src/main.tsx', '// src/main.tsx\n');
    expect(reason()).toBeNull();
  });

  it('when a file that is not part of the build is added or changed', () => {
    stamp();
    write('src/unused.tsx', 'export const x = 1;');
    write('README.md', '# changed');
    expect(reason()).toBeNull();
  });
});

describe('a build is stale', () => {
  it('with no stamp: never built, or the build did not finish', () => {
    expect(reason()).toMatch(/no build stamp/);
    write(`dist/${STAMP}`, '{ not json');
    expect(reason()).toMatch(/unreadable/);
  });

  it('when a source that went into it changed', () => {
    stamp();
    write('src/app.tsx', '// src/app.tsx, edited\n');
    expect(reason()).toBe('src/app.tsx changed');
  });

  it('when a source changed but kept its size', () => {
    stamp();
    write('src/app.tsx', '// src/app.TSX\n');
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src/app.tsx'), later, later);
    expect(reason()).toBe('src/app.tsx changed');
  });

  it('when a source that went into it was removed', () => {
    stamp();
    rmSync(join(root, 'src/main.tsx'));
    expect(reason()).toBe('src/main.tsx was removed');
  });

  it('when the installed dependencies changed', () => {
    stamp();
    write('node_modules/.package-lock.json', '{"lockfileVersion":3,"packages":{"node_modules/react":{"version":"19.3.2"}}}');
    expect(reason()).toBe('the installed dependencies changed');
  });

  it('when a build setting (VITE_*) differs', () => {
    stamp({ VITE_BASE: '/' });
    expect(reason({ VITE_BASE: '/' })).toBeNull();
    expect(reason({ VITE_BASE: '/open-platform/' })).toMatch(/build settings changed/);
    expect(reason()).toMatch(/build settings changed/);
  });

  it('when one of its outputs is gone', () => {
    stamp();
    rmSync(join(root, 'dist/assets/main-1a2b.js'));
    expect(reason()).toBe('dist/assets/main-1a2b.js is missing');
  });

  it('when a source changed while the build ran: no stamp is written', () => {
    const startedAt = Date.now() - 10_000;
    const before = new Date(startedAt - 60_000);
    for (const f of files) utimesSync(join(root, f), before, before);
    const during = new Date(startedAt + 5_000);
    utimesSync(join(root, 'src/app.tsx'), during, during);
    expect(writeStamp({ root, outDir: out, files, outputs: [], startedAt })).toBe(false);
    expect(reason()).toMatch(/no build stamp/);
    utimesSync(join(root, 'src/app.tsx'), before, before);
    expect(writeStamp({ root, outDir: out, files, outputs: [], startedAt })).toBe(true);
    expect(reason()).toBeNull();
  });
});

describe('what a stamp names', () => {
  it('project files only: no dependencies, virtual modules, query suffixes or files outside the project', () => {
    const ids = [
      join(root, 'src/main.tsx'),
      `${join(root, 'src/app.tsx')}?import`,
      'vite.config.ts',
      '\0vite/modulepreload-polyfill.js',
      join(root, 'node_modules/react/index.js'),
      join(tmpdir(), 'elsewhere.ts'),
      join(root, 'src/missing.tsx'),
      join(root, 'src'),
    ];
    write('node_modules/react/index.js', 'module.exports = {}');
    expect(projectFiles(root, ids)).toEqual(['src/app.tsx', 'src/main.tsx', 'vite.config.ts']);
  });

  it('the VITE_* settings, which Vite puts into the client', () => {
    expect(viteEnv({ VITE_BASE: '/x/', NODE_ENV: 'production', PATH: '/bin', VITE_API: 'http://a' })).toEqual({ VITE_API: 'http://a', VITE_BASE: '/x/' });
  });
});
