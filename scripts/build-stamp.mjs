// When is a build current? Each build writes a stamp into its output folder naming every project
// file that went into it (from the bundler's own module graph) with a hash of its content, plus the
// installed dependencies and the build's environment. `npm start` rebuilds only when the stamp is
// missing, a file it names changed or disappeared, the dependencies or environment differ, or an
// output it lists is gone. A new file cannot change the output until a file already in the build
// imports it, and that import changes the importing file. Content decides, not time: a file whose
// size and modification time are those recorded is not read again; any other is hashed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';

export const STAMP = '.build-stamp.json';

const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** What npm installed: node_modules/.package-lock.json is rewritten by every install; the lock file stands in before one. */
const dependenciesHash = (root) => {
  const installed = join(root, 'node_modules', '.package-lock.json');
  const lock = existsSync(installed) ? installed : join(root, 'package-lock.json');
  return existsSync(lock) ? sha(readFileSync(lock)) : 'none';
};

/**
 * Project files among a bundler's inputs, relative to `root` with forward slashes: files on disk
 * outside node_modules (virtual modules and dependencies are left out; dependencies are covered by
 * the lock file's hash).
 */
export const projectFiles = (root, ids) => {
  const files = new Set();
  for (const id of ids) {
    const path = id.split('?')[0];
    if (!path || path.startsWith('\0') || path.includes('\0')) continue;
    const abs = isAbsolute(path) ? path : join(root, path);
    const rel = relative(root, abs);
    if (rel.startsWith('..') || isAbsolute(rel) || rel.split(sep).includes('node_modules')) continue;
    if (!existsSync(abs) || !statSync(abs).isFile()) continue;
    files.add(rel.split(sep).join('/'));
  }
  return [...files].sort();
};

/**
 * Writes `<outDir>/.build-stamp.json`. `files`: project files (relative to root) the build read;
 * `outputs`: files (relative to outDir) that must exist; `env`: settings that change the output.
 * `startedAt` (ms): a file changed after the build began may not be in its output, so no stamp is
 * written and the next start builds again.
 */
export const writeStamp = ({ root, outDir, files, outputs, env = {}, startedAt }) => {
  const hashes = {};
  const stats = {};
  for (const file of files) {
    const abs = join(root, file);
    const st = statSync(abs);
    if (startedAt !== undefined && st.mtimeMs > startedAt) return false;
    hashes[file] = sha(readFileSync(abs));
    stats[file] = [st.size, st.mtimeMs];
  }
  const stamp = { builtAt: new Date().toISOString(), dependencies: dependenciesHash(root), env, files: hashes, stats, outputs: [...outputs].sort() };
  writeFileSync(join(outDir, STAMP), `${JSON.stringify(stamp, null, 1)}\n`);
  return true;
};

/** Returns null when the build in `outDir` is current, else the reason it is not (a sentence). */
export const staleReason = ({ root, outDir, env = {} }) => {
  const file = join(outDir, STAMP);
  if (!existsSync(file)) return `no build stamp in ${relative(root, outDir) || '.'}`;
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return `${relative(root, file)} is unreadable`;
  }
  if (stamp.dependencies !== dependenciesHash(root)) return 'the installed dependencies changed';
  if (JSON.stringify(stamp.env ?? {}) !== JSON.stringify(env)) return `the build settings changed (${JSON.stringify(env)})`;
  for (const out of stamp.outputs ?? []) if (!existsSync(join(outDir, out))) return `${relative(root, join(outDir, out))} is missing`;
  for (const [rel, hash] of Object.entries(stamp.files ?? {})) {
    const abs = join(root, rel);
    if (!existsSync(abs)) return `${rel} was removed`;
    const st = statSync(abs);
    const seen = stamp.stats?.[rel];
    if (seen && seen[0] === st.size && seen[1] === st.mtimeMs) continue;
    if (sha(readFileSync(abs)) !== hash) return `${rel} changed`;
  }
  return null;
};

/** The environment variables that change the web build: Vite exposes every VITE_* to the client. */
export const viteEnv = (env = process.env) => Object.fromEntries(Object.keys(env).filter((k) => k.startsWith('VITE_')).sort().map((k) => [k, env[k]]));
