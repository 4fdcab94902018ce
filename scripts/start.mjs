// `npm start`: builds what is stale, then runs the compiled server in this process.
// - The web app (dist/) is built by `vite build` only when dist/.build-stamp.json is missing or
//   does not match the sources (scripts/build-stamp.mjs: every project file that went into the
//   last build, by content hash, plus the installed dependencies and the VITE_* settings).
// - The server (dist-server/) is compiled by esbuild (scripts/build-server.mjs) by the same rule.
// `npm run build` builds both unconditionally; `npm run serve` (--no-build) builds neither.
// package.json runs this with `node --v8-pool-size=0 --max-semi-space-size=4`: V8's background
// threads sized to the cores (not four), about 45 MiB less resident on a 2-core machine, and a
// young generation that the start's allocations do not leave at 32 MiB for good (README, "Quick start").
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { staleReason, viteEnv } from './build-stamp.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_OUT = join(ROOT, 'dist-server');
const SERVER_ENTRY = join(SERVER_OUT, 'main.js');
const build = !process.argv.includes('--no-build');

// package.json `engines`: Vite 8 and the server's libraries need Node 20.19 or later.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Open Platform needs Node.js 20.19 or later; this is ${process.version}.`);
  process.exit(1);
}

/** The web app's folder is the one the server serves, so a STATIC_DIR elsewhere is not built here. */
const staticDir = resolve(process.env.STATIC_DIR ?? join(ROOT, 'dist'));
if (build && staticDir === join(ROOT, 'dist')) {
  const reason = staleReason({ root: ROOT, outDir: staticDir, env: viteEnv() });
  if (reason) {
    console.log(`Building the web app: ${reason}.`);
    const vite = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (vite.status !== 0) process.exit(vite.status ?? 1);
  }
}

const serverReason = build ? staleReason({ root: ROOT, outDir: SERVER_OUT }) : null;
if (!build && !existsSync(SERVER_ENTRY)) {
  console.error(`${SERVER_ENTRY} is missing: run \`npm run build\` (or \`npm start\`, which builds what is stale).`);
  process.exit(1);
}
if (serverReason) {
  console.log(`Compiling the server: ${serverReason}.`);
  // In a child process: esbuild's service and its memory go with it.
  const esbuild = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-server.mjs'), '--quiet'], { cwd: ROOT, stdio: 'inherit' });
  if (esbuild.status !== 0) process.exit(esbuild.status ?? 1);
}

await import(pathToFileURL(SERVER_ENTRY).href);
