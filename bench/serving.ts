import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleReason, viteEnv } from '../scripts/build-stamp.mjs';
import { buildServer, SERVER_OUT } from '../scripts/build-server.mjs';
import { measureBundle, TARGETS as BUNDLE_TARGETS } from './bundle.ts';
import { freePort } from '../scripts/free-port.mjs';
import { startCommand } from './start-command.ts';

/**
 * Start, memory and what a browser downloads, measured on the server as `npm start` runs it (the
 * command in package.json, after npm itself), on the embedded database in a fresh DATA_DIR:
 * - first start: an empty folder (initdb), spawn → first 200 on `/`;
 * - ready: the same folder again (an existing database), spawn → first 200 on `/`, best and
 *   median of READY_RUNS starts (the machine is shared by the load generator and other work);
 * - idle RSS: the server process (and any child of it) after the first page loads and IDLE_MS of
 *   quiet, beside the value right after those loads;
 * - bytes transferred: every file the home page and a console page's first load fetch (the build
 *   manifest's lists, as bench/bundle.ts counts them, plus index.html), over HTTP with
 *   `Accept-Encoding: br, gzip`, one connection each: response bytes read from the socket,
 *   headers included; JavaScript bodies beside the gzipped-JS budgets of bench/bundle.ts;
 * - every stop is a SIGTERM, which must end in exit code 0 with DATA_DIR's lock removed.
 */
export const SERVE_TARGETS = { readyMs: 600, idleRssMiB: 250 };
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const READY_RUNS = Number(process.env.BENCH_READY_RUNS ?? 3);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 20_000);


interface Fetched {
  status: number;
  headers: IncomingHttpHeaders;
  /** Bytes read from the socket: status line, headers and the (encoded) body. */
  wire: number;
  body: number;
}

/** One GET on a connection of its own, counting what crosses the socket. */
const fetchRaw = (port: number, path: string, acceptEncoding?: string) =>
  new Promise<Fetched>((done, fail) => {
    const req = get({ host: '127.0.0.1', port, path, agent: false, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      let body = 0;
      res.on('data', (d: Buffer) => (body += d.length));
      res.once('end', () => {
        const wire = res.socket.bytesRead;
        res.socket.destroy();
        done({ status: res.statusCode ?? 0, headers: res.headers, wire, body });
      });
    });
    req.once('error', fail);
    req.setTimeout(5000, () => req.destroy(new Error(`GET ${path} timed out`)));
  });

const ok200 = (port: number) => fetchRaw(port, '/').then((r) => r.status === 200, () => false);

/** RSS of a process and its descendants, in MiB, from /proc. */
export const treeRssMiB = (pid: number): number => {
  const kids = (p: number): number[] => {
    const out: number[] = [];
    for (const task of readdirSync(`/proc/${p}/task`)) {
      const file = `/proc/${p}/task/${task}/children`;
      if (existsSync(file)) out.push(...readFileSync(file, 'utf8').split(/\s+/).filter(Boolean).map(Number));
    }
    return out;
  };
  let kb = 0;
  const visit = (p: number) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      return;
    }
    for (const k of kids(p)) visit(k);
  };
  visit(pid);
  return Math.round((kb / 1024) * 10) / 10;
};

interface Running {
  child: ChildProcess;
  port: number;
  readyMs: number;
  out: () => string;
  err: () => string;
}

const startServer = async (command: string[], dataDir: string, cwd: string): Promise<Running> => {
  const port = await freePort();
  let out = '';
  let err = '';
  const t0 = performance.now();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', OPEN_ADMIN_PASSWORD: 'Bench12345' };
  delete childEnv.DATABASE_URL;
  const child = spawn(command[0], command.slice(1), { cwd, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  let exited = false;
  child.once('exit', () => (exited = true));
  while (!(await ok200(port))) {
    if (exited) throw new Error(`${command.join(' ')} exited before it was ready:\n${out}${err}`);
    if (performance.now() - t0 > 120_000) throw new Error(`${command.join(' ')} not ready after 120 s:\n${out}${err}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return { child, port, readyMs: Math.round(performance.now() - t0), out: () => out, err: () => err };
};

/** SIGTERM; true when it exits 0 with the lock removed and nothing on stderr. */
const stopServer = async (s: Running, dataDir: string) => {
  const exited = new Promise<number | null>((done) => s.child.once('exit', (code) => done(code)));
  s.child.kill('SIGTERM');
  const code = await exited;
  const clean = code === 0 && !existsSync(join(dataDir, 'open-platform.lock')) && s.err() === '';
  if (!clean) console.log(`  a stop was not clean: exit ${code}, lock ${existsSync(join(dataDir, 'open-platform.lock')) ? 'left' : 'removed'}, stderr: ${s.err().slice(0, 500)}`);
  return clean;
};

export interface PageTransfer {
  files: number;
  /** Response bytes on the wire (headers included), all files. */
  wire: number;
  /** Encoded JavaScript bodies (what the gzipped-JS budget is about). */
  jsBody: number;
  /** The same JavaScript uncompressed. */
  jsRaw: number;
  /** Files sent br / gzip / as they are. */
  encodings: Record<string, number>;
  /** Assets under /assets/ sent with the immutable Cache-Control. */
  immutable: number;
  assets: number;
  /** Page entries (index.html) sent no-cache. */
  noCache: boolean;
}

/** Every file of a page load, fetched as a browser accepting br and gzip would. */
export const measureTransfer = async (port: number, pagePath: string, files: string[], dist = join(ROOT, 'dist')): Promise<PageTransfer> => {
  const t: PageTransfer = { files: 0, wire: 0, jsBody: 0, jsRaw: 0, encodings: {}, immutable: 0, assets: 0, noCache: false };
  const page = await fetchRaw(port, pagePath, 'br, gzip');
  if (page.status !== 200) throw new Error(`GET ${pagePath}: ${page.status}`);
  t.noCache = page.headers['cache-control'] === 'no-cache';
  const count = (r: Fetched) => {
    t.files++;
    t.wire += r.wire;
    const enc = String(r.headers['content-encoding'] ?? 'none');
    t.encodings[enc] = (t.encodings[enc] ?? 0) + 1;
  };
  count(page);
  for (const file of files) {
    const r = await fetchRaw(port, `/${file}`, 'br, gzip');
    if (r.status !== 200) throw new Error(`GET /${file}: ${r.status}`);
    count(r);
    if (file.startsWith('assets/')) {
      t.assets++;
      if (r.headers['cache-control'] === 'public, max-age=31536000, immutable') t.immutable++;
    }
    if (file.endsWith('.js')) {
      t.jsBody += r.body;
      t.jsRaw += readFileSync(join(dist, file)).length;
    }
  }
  return t;
};

/** The build's CSS for the given chunks (the manifest lists it per chunk). */
const cssOf = (files: string[], dist: string) => {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; css?: string[] }>;
  const wanted = new Set(files);
  return [...new Set(Object.values(manifest).filter((c) => wanted.has(c.file)).flatMap((c) => c.css ?? []))];
};

export interface ServingFigures {
  command: string;
  firstStartMs: number;
  firstStartRssMiB: number;
  readyMs: number[];
  readyBestMs: number;
  readyMedianMs: number;
  rssAfterLoadMiB: number;
  idleRssMiB: number;
  idleMs: number;
  cleanStops: number;
  stops: number;
  home: PageTransfer;
  console: PageTransfer;
  tenant: PageTransfer;
  targets: typeof SERVE_TARGETS & { homeKB: number; consoleKB: number };
}

/** Builds the web app (dist/) when stale, by the rule `npm start` uses. */
export const ensureWebBuilt = () => {
  const web = staleReason({ root: ROOT, outDir: join(ROOT, 'dist'), env: viteEnv() });
  if (web) {
    console.log(`  building the web app first (${web})`);
    const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('vite build failed');
  }
};

/** Builds what is stale, as `npm start` would, so that the starts measured are starts, not builds. */
export const ensureBuilt = () => {
  ensureWebBuilt();
  if (staleReason({ root: ROOT, outDir: SERVER_OUT })) return buildServer({ quiet: true });
};

/**
 * `root` and `command` measure another checkout the same way (e.g. the code before a change:
 * `tsx bench/serving.ts --root ../before -- node_modules/.bin/tsx server/main.ts`); that checkout's
 * dist/ must be built, and nothing is built for it.
 */
export const measureServing = async ({ command = startCommand(), root = ROOT } = {}): Promise<ServingFigures> => {
  if (root === ROOT) await ensureBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'open-bench-serving-'));
  const dist = join(root, 'dist');
  let stops = 0;
  let cleanStops = 0;
  const stop = async (s: Running) => {
    stops++;
    if (await stopServer(s, dataDir)) cleanStops++;
  };
  try {
    const first = await startServer(command, dataDir, root);
    await new Promise((r) => setTimeout(r, 2000));
    const firstStartRssMiB = treeRssMiB(first.child.pid!);
    await stop(first);

    const readyMs: number[] = [];
    let last: Running | undefined;
    for (let i = 0; i < READY_RUNS; i++) {
      const s = await startServer(command, dataDir, root);
      readyMs.push(s.readyMs);
      if (i < READY_RUNS - 1) await stop(s);
      else last = s;
    }
    const running = last!;
    const bundle = measureBundle(dist);
    const homeFiles = [...bundle.homeFiles, ...cssOf(bundle.homeFiles, dist)];
    const consoleFiles = [...homeFiles, ...bundle.consoleFiles, ...cssOf(bundle.consoleFiles, dist)];
    const home = await measureTransfer(running.port, '/', homeFiles, dist);
    const consoleLoad = await measureTransfer(running.port, '/operation/role', consoleFiles, dist);
    const tenantFiles = [...homeFiles, ...bundle.tenantFiles, ...cssOf(bundle.tenantFiles, dist)];
    const tenantLoad = await measureTransfer(running.port, '/account/role-manage', tenantFiles, dist);
    const rssAfterLoadMiB = treeRssMiB(running.child.pid!);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const idleRssMiB = treeRssMiB(running.child.pid!);
    await stop(running);
    const sorted = [...readyMs].sort((a, b) => a - b);
    return {
      command: command.map((a) => (a === process.execPath ? 'node' : a)).join(' '),
      firstStartMs: first.readyMs,
      firstStartRssMiB,
      readyMs,
      readyBestMs: sorted[0],
      readyMedianMs: sorted[Math.floor(sorted.length / 2)],
      rssAfterLoadMiB,
      idleRssMiB,
      idleMs: IDLE_MS,
      cleanStops,
      stops,
      home,
      console: consoleLoad,
      tenant: tenantLoad,
      targets: { ...SERVE_TARGETS, homeKB: BUNDLE_TARGETS.homeKB, consoleKB: BUNDLE_TARGETS.consoleKB },
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const met = (ok: boolean) => (ok ? 'MET' : 'NOT MET');

export const printServing = (f: ServingFigures) => {
  const t = f.targets;
  console.log(`Server: \`${f.command}\` (npm start's command), embedded database in a new DATA_DIR, on 127.0.0.1.`);
  console.log(`First start on an empty folder (database created): ready in ${f.firstStartMs} ms; RSS ${f.firstStartRssMiB} MiB two seconds later.`);
  console.log(`Ready on the existing folder (spawn → first 200 on /): median ${f.readyMedianMs} ms, best ${f.readyBestMs} ms of [${f.readyMs.join(', ')}] (target <= ${t.readyMs} ms) ${met(f.readyMedianMs <= t.readyMs)}`);
  console.log(`Idle RSS (server process and children): ${f.idleRssMiB} MiB after ${f.idleMs / 1000} s idle, ${f.rssAfterLoadMiB} MiB right after the page loads below (target <= ${t.idleRssMiB} MiB) ${met(f.idleRssMiB <= t.idleRssMiB)}`);
  console.log(`SIGTERM: ${f.cleanStops} of ${f.stops} stops exited 0 with the lock released and no error ${met(f.cleanStops === f.stops)}`);
  const row = (page: string, p: PageTransfer, target: number) => ({
    page,
    files: p.files,
    'on the wire KB': kb(p.wire),
    'JS bodies KB': kb(p.jsBody),
    'JS uncompressed KB': kb(p.jsRaw),
    'JS target KB': `≤ ${target}`,
    ok: kb(p.jsBody) <= target,
    encodings: Object.entries(p.encodings).map(([k, v]) => `${k} ${v}`).join(', '),
    'immutable assets': `${p.immutable}/${p.assets}`,
    'page no-cache': p.noCache,
  });
  console.log('Bytes transferred with Accept-Encoding: br, gzip (one connection per file; "on the wire" counts headers too):');
  console.table([row('home (/)', f.home, t.homeKB), row('operator console first load (/operation/role)', f.console, t.consoleKB), row('tenant console first load (/account/role-manage)', f.tenant, t.consoleKB)]);
};

if (process.argv[1]?.endsWith('serving.ts')) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--root');
  const dash = args.indexOf('--');
  printServing(await measureServing({ root: at >= 0 ? resolve(args[at + 1]) : ROOT, command: dash >= 0 ? args.slice(dash + 1) : startCommand() }));
}
