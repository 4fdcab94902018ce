import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Gzipped JS a visitor's browser fetches before it can interact, from the production build
 * (`npx vite build`), using Vite's manifest (dist/.vite/manifest.json):
 * - home: the entry of index.html and every chunk it imports statically (what the HTML's script
 *   and modulepreload tags load). The home route renders from these alone.
 * - console first load: opening a console page directly (e.g. /operation/role): the home files
 *   plus the console frame (layouts/ConsoleFrame.tsx) and the react-admin console
 *   (src/console/ConsoleApp.tsx), which the route imports lazily at once, with their static imports.
 *   Reported in total (the target) and as what it adds on top of the home page.
 * Chunks loaded only after an interaction (menus, toasts, forms opened later) are not counted.
 */
export const TARGETS = { homeKB: 170, consoleKB: 400 };

/** Source files whose chunks a console route loads before interaction (both are dynamic imports). */
export const CONSOLE_ENTRIES = ['layouts/ConsoleFrame.tsx', 'src/console/ConsoleApp.tsx'];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface BundleFigures {
  /** Gzipped KB (1024 bytes) of JS the home page loads. */
  homeKB: number;
  /** Gzipped KB of JS a console page loads in total on first load (home files included). */
  consoleKB: number;
  /** What the console first load adds on top of the home page. */
  consoleAddedKB: number;
  homeFiles: string[];
  consoleFiles: string[];
  targets: typeof TARGETS;
  homeOk: boolean;
  consoleOk: boolean;
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

export const measureBundle = (dist = 'dist'): BundleFigures => {
  const manifestFile = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run \`npx vite build\` first (vite.config.ts sets build.manifest).`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  /** A chunk and every chunk it imports statically (the browser fetches them together). */
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not in the build manifest`);
      if (seen.has(chunk.file)) continue;
      seen.add(chunk.file);
      closure(chunk.imports ?? [], seen);
    }
    return seen;
  };
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const home = closure(entries);
  const consoleKeys = CONSOLE_ENTRIES.map((src) => {
    const key = Object.keys(manifest).find((k) => manifest[k].src === src || k === src);
    if (!key) throw new Error(`${src} has no chunk of its own in the build: the console is not split from the entry`);
    return key;
  });
  const all = closure(consoleKeys, new Set(home));
  const size = (files: Iterable<string>) => [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gzipSync(readFileSync(join(dist, f))).length, 0);
  const homeBytes = size(home);
  const totalBytes = size(all);
  const homeKB = kb(homeBytes);
  const consoleKB = kb(totalBytes);
  return {
    homeKB,
    consoleKB,
    consoleAddedKB: kb(totalBytes - homeBytes),
    homeFiles: [...home],
    consoleFiles: [...all].filter((f) => !home.has(f)),
    targets: TARGETS,
    homeOk: homeKB <= TARGETS.homeKB,
    consoleOk: consoleKB <= TARGETS.consoleKB,
  };
};

/** The figures as a table (printed by `npm run bench:bundle`). */
export const printBundle = (r: BundleFigures) => {
  console.table([
    { page: 'home (/)', 'gzipped JS KB': r.homeKB, target: `≤ ${r.targets.homeKB}`, ok: r.homeOk, files: r.homeFiles.length, measures: 'entry + its static imports' },
    { page: 'console first load', 'gzipped JS KB': r.consoleKB, target: `≤ ${r.targets.consoleKB}`, ok: r.consoleOk, files: r.homeFiles.length + r.consoleFiles.length, measures: 'total: home files + console frame + react-admin console' },
    { page: '  of which console adds', 'gzipped JS KB': r.consoleAddedKB, target: '', ok: '', files: r.consoleFiles.length, measures: 'on top of the home files' },
  ]);
};

if (process.argv[1]?.endsWith('bundle.ts')) {
  const r = measureBundle(process.argv[2]);
  printBundle(r);
  if (process.argv.includes('--files')) console.log({ home: r.homeFiles, console: r.consoleFiles });
}
