import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Gzipped JS a visitor's browser fetches before it can interact, from the production build
 * (`npx vite build`), using Vite's manifest (dist/.vite/manifest.json):
 * - home: the entry of index.html and every chunk it imports statically (what the HTML's script
 *   and modulepreload tags load). The home route renders from these alone in the default language.
 * - console first load: opening a console page directly, signed in: the home files plus every
 *   chunk the route imports lazily at once (CONSOLE_ENTRIES: the console frame and the console,
 *   operator's at /operation/role, tenant's at /account/role-manage), the current language's
 *   messages (LANGUAGE_ENTRIES), each with its static imports. Reported in total (the target,
 *   the same for both consoles) and as what it adds on top of the home page.
 * The targets are checked for a first visit, which is in the default language (zh, nothing
 * stored); the figures of a visitor who chose hk or en (another messages chunk, plus that
 * language's UI messages before the first render) are reported too.
 * Chunks loaded only after an interaction (menus, toasts, forms opened later, an export) are not counted.
 */
export const TARGETS = { homeKB: 170, consoleKB: 380 };

/** Per console, the source files whose chunks its route loads before interaction (all dynamic imports started at once). */
export const CONSOLE_ENTRIES = {
  operator: ['layouts/ConsoleFrame.tsx', 'src/console/ConsoleApp.tsx'],
  tenant: ['layouts/ConsoleFrame.tsx', 'src/console/TenantConsole.tsx'],
} as const;
type Console = keyof typeof CONSOLE_ENTRIES;

type Lang = 'zh' | 'hk' | 'en';
/**
 * Per language, what that language adds: `home` before the first render (src/main.tsx; the
 * default language's UI messages are in the entry), `console` when the console starts
 * (i18n/messages.ts fetches the current language's shared and react-admin messages).
 */
export const LANGUAGE_ENTRIES: Record<Lang, { home: string[]; console: string[] }> = {
  zh: { home: [], console: ['i18n/lang/zh.ts'] },
  hk: { home: ['i18n/ui/hk.ts'], console: ['i18n/lang/hk.ts'] },
  en: { home: ['i18n/ui/en.ts'], console: ['i18n/lang/en.ts'] },
};
const FIRST_VISIT: Lang = 'zh';

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
  /** Gzipped KB of JS the operator console loads in total on first load (home files included). */
  consoleKB: number;
  /** What the operator console's first load adds on top of the home page. */
  consoleAddedKB: number;
  /** The same for the tenant console. */
  tenantKB: number;
  tenantAddedKB: number;
  homeFiles: string[];
  /** What each console's first load adds to the home files. */
  consoleFiles: string[];
  tenantFiles: string[];
  /** The same figures for a visitor whose stored language is each of the three. */
  byLanguage: Record<Lang, { homeKB: number; consoleKB: number; tenantKB: number }>;
  targets: typeof TARGETS;
  homeOk: boolean;
  consoleOk: boolean;
  tenantOk: boolean;
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
  const keyOf = (src: string) => {
    const key = Object.keys(manifest).find((k) => manifest[k].src === src || k === src);
    if (!key) throw new Error(`${src} has no chunk of its own in the build: it is not split from the entry`);
    return key;
  };
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const size = (files: Iterable<string>) => [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gzipSync(readFileSync(join(dist, f))).length, 0);
  const visit = (lang: Lang, console: Console) => {
    const home = closure([...entries, ...LANGUAGE_ENTRIES[lang].home.map(keyOf)]);
    const all = closure([...CONSOLE_ENTRIES[console], ...LANGUAGE_ENTRIES[lang].console].map(keyOf), new Set(home));
    return { home, all, homeBytes: size(home), totalBytes: size(all) };
  };
  const byLanguage = Object.fromEntries(
    (Object.keys(LANGUAGE_ENTRIES) as Lang[]).map((l) => {
      const v = visit(l, 'operator');
      return [l, { homeKB: kb(v.homeBytes), consoleKB: kb(v.totalBytes), tenantKB: kb(visit(l, 'tenant').totalBytes) }];
    }),
  ) as BundleFigures['byLanguage'];
  const { home, all, homeBytes, totalBytes } = visit(FIRST_VISIT, 'operator');
  const tenant = visit(FIRST_VISIT, 'tenant');
  const homeKB = kb(homeBytes);
  const consoleKB = kb(totalBytes);
  const tenantKB = kb(tenant.totalBytes);
  return {
    homeKB,
    consoleKB,
    consoleAddedKB: kb(totalBytes - homeBytes),
    tenantKB,
    tenantAddedKB: kb(tenant.totalBytes - homeBytes),
    homeFiles: [...home],
    consoleFiles: [...all].filter((f) => !home.has(f)),
    tenantFiles: [...tenant.all].filter((f) => !home.has(f)),
    byLanguage,
    targets: TARGETS,
    homeOk: homeKB <= TARGETS.homeKB,
    consoleOk: consoleKB <= TARGETS.consoleKB,
    tenantOk: tenantKB <= TARGETS.consoleKB,
  };
};

/** The figures as a table (printed by `npm run bench:bundle`). */
export const printBundle = (r: BundleFigures) => {
  console.table([
    { page: 'home (/)', 'gzipped JS KB': r.homeKB, target: `≤ ${r.targets.homeKB}`, ok: r.homeOk, files: r.homeFiles.length, measures: 'entry + its static imports' },
    { page: 'operator console first load', 'gzipped JS KB': r.consoleKB, target: `≤ ${r.targets.consoleKB}`, ok: r.consoleOk, files: r.homeFiles.length + r.consoleFiles.length, measures: 'total: home files + console frame, react-admin console, zh messages' },
    { page: '  of which it adds', 'gzipped JS KB': r.consoleAddedKB, target: '', ok: '', files: r.consoleFiles.length, measures: 'on top of the home files' },
    { page: 'tenant console first load', 'gzipped JS KB': r.tenantKB, target: `≤ ${r.targets.consoleKB}`, ok: r.tenantOk, files: r.homeFiles.length + r.tenantFiles.length, measures: 'total: home files + console frame, tenant console, zh messages' },
    { page: '  of which it adds', 'gzipped JS KB': r.tenantAddedKB, target: '', ok: '', files: r.tenantFiles.length, measures: 'on top of the home files' },
    ...(['hk', 'en'] as const).map((l) => ({
      page: `  stored language ${l}`, 'gzipped JS KB': `${r.byLanguage[l].homeKB} / ${r.byLanguage[l].consoleKB} / ${r.byLanguage[l].tenantKB}`, target: '', ok: '', files: '', measures: `home / operator / tenant console first load for a visitor who chose ${l}`,
    })),
  ]);
};

if (process.argv[1]?.endsWith('bundle.ts')) {
  const r = measureBundle(process.argv[2]);
  printBundle(r);
  if (process.argv.includes('--files')) console.log({ home: r.homeFiles, console: r.consoleFiles });
}
