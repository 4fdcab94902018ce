import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Gzipped JS the home page loads, and what the console loads on top of it (targets: 170 KB, 400 KB). */
export const TARGETS = { homeKb: 170, consoleKb: 400 };

const gz = (file: string) => gzipSync(readFileSync(file)).length;

/** A chunk and every chunk it imports statically (what the browser fetches with it). */
const closure = (dir: string, start: string[], seen = new Set<string>()) => {
  for (const name of start) {
    if (seen.has(name)) continue;
    seen.add(name);
    const code = readFileSync(join(dir, name), 'utf8');
    const deps = [...code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]);
    closure(dir, deps, seen);
  }
  return seen;
};

export const measureBundle = (dist = 'dist') => {
  const assets = join(dist, 'assets');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/assets\/([^"']+\.js)/g)].map((m) => m[1]);
  const home = closure(assets, entry);
  const consoleChunk = readdirSync(assets).filter((f) => /^ConsoleApp-.*\.js$/.test(f));
  const console = closure(assets, consoleChunk, new Set(home));
  const kb = (files: Iterable<string>) => Math.round([...files].reduce((n, f) => n + gz(join(assets, f)), 0) / 102.4) / 10;
  const homeKb = kb(home);
  const consoleKb = kb(console);
  return { homeKb, consoleKb, homeOk: homeKb <= TARGETS.homeKb, consoleOk: consoleKb <= TARGETS.consoleKb };
};

if (process.argv[1]?.endsWith('bundle.ts')) {
  const r = measureBundle(process.argv[2]);
  console.log(`home page JS (gzip):           ${r.homeKb} KB (target ≤ ${TARGETS.homeKb}) ${r.homeOk ? 'ok' : 'OVER'}`);
  console.log(`console first load JS (gzip):  ${r.consoleKb} KB (target ≤ ${TARGETS.consoleKb}) ${r.consoleOk ? 'ok' : 'OVER'}`);
}
