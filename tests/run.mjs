// `npm test`: the types (tsc), the server and console suites on PGlite, the browser journeys in Chromium, then the
// server suite again on a throwaway PostgreSQL cluster. Each part says when it is skipped and why;
// in CI a missing Chromium or PostgreSQL is a failure, not a skip.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster } from './helpers/pg-cluster.mjs';

const ci = !!process.env.CI;
// `npm test -- --changed` (or `--changed=<ref>`): only the test files whose imports reach a file changed
// since the last commit (or since <ref>), for a developer between commits; CI always runs everything.
const changedArg = process.argv.slice(2).find((a) => a === '--changed' || a.startsWith('--changed='));
const changed = ci ? undefined : changedArg;
if (ci && changedArg) console.log('CI runs every suite: --changed is ignored.');
// The journeys drive the built console, which no test file imports: a change to the browser's code
// runs them all.
const changedFiles = () => {
  const since = changed?.split('=')[1];
  const diff = (args) => spawnSync('git', args, { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  return [...diff(['diff', '--name-only', ...(since ? [since] : ['HEAD'])]), ...(since ? [] : diff(['ls-files', '--others', '--exclude-standard']))];
};
const BROWSER_CODE = /^(src|layouts|dataProvider|i18n|resources|schemas)\/|^index\.html$|^vite\.config\.ts$/;
const allJourneys = !!changed && changedFiles().some((f) => BROWSER_CODE.test(f));
// CI shows only the tail of the log: each phase also writes a JSON report, and the summary at the
// end names the tests that failed with the first lines of their errors.
const reports = mkdtempSync(join(tmpdir(), 'op-test-reports-'));
let phase = 0;
let lastReport;
const vitest = (args, env = {}, every = false) => {
  const outputFile = join(reports, `${++phase}.json`);
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`];
  const only = changed && !every ? [changed, '--passWithNoTests'] : [];
  const r = spawnSync('npx', ['vitest', 'run', ...args, ...only, ...reporters], { stdio: 'inherit', env: { ...process.env, ...env } });
  lastReport = outputFile;
  return r.status ?? 1;
};
// A browser step's message ends with what it was still waiting for (a Playwright call log's last
// retries: detached, disabled, moving), so a long one keeps its head and its tail.
const brief = (message) => {
  const all = message.split('\n').filter((l) => l.trim());
  // The stack's first frame names the test's line; the frames below it are the runner's.
  const at = all.find((l) => /^\s+at /.test(l));
  const lines = [...all.filter((l) => !/^\s+at /.test(l)), ...(at ? [at.trim()] : [])];
  return lines.length <= 16 ? lines : [...lines.slice(0, 6), `… ${lines.length - 16} lines …`, ...lines.slice(-10)];
};
const failures = (file) => {
  if (!file || !existsSync(file)) return ['  (no report: the phase did not finish)'];
  const { testResults = [] } = JSON.parse(readFileSync(file, 'utf8'));
  return testResults.flatMap((f) => {
    const name = f.name.replace(process.cwd() + '/', '');
    const failed = f.assertionResults.filter((t) => t.status === 'failed');
    if (!failed.length) return f.status === 'failed' ? [`  ${name}: ${(f.message ?? '').split('\n').slice(0, 4).join(' | ')}`] : [];
    return failed.map((t) => `  ${name} > ${t.fullName}\n    ${brief(t.failureMessages[0] ?? '').join('\n    ')}`);
  });
};
const results = [];
const step = (name, status, failed = () => failures(lastReport)) => {
  results.push({ name, status, failures: status !== 0 && status !== 'skipped' ? failed() : [] });
  lastReport = undefined;
  console.log(`\n== ${name}: ${status === 0 ? 'passed' : status === 'skipped' ? 'skipped' : 'FAILED'}\n`);
};

// The types: names the compiler checks (a handler, a scope: tests/fixtures/typed-names.ts) are
// only checked where tsc runs, and the suites below run the code with its types stripped. tsc runs
// beside the first suites (it is one thread, and their start and tail leave a core idle), its
// output kept in a file (the suites' run blocks this process) and printed, and judged, first.
const typesLog = join(reports, 'tsc.log');
const typesOut = openSync(typesLog, 'w');
const tsc = spawn('npx', ['tsc', '--noEmit'], { stdio: ['ignore', typesOut, typesOut] });
closeSync(typesOut);
const typesDone = new Promise((resolve) => {
  tsc.on('exit', (code) => resolve(code ?? 1));
  tsc.on('error', () => resolve(1));
});
const suites = vitest(['--project', 'server*', '--project', 'web*']);
const suitesReport = lastReport;
const types = await typesDone;
process.stdout.write(readFileSync(typesLog, 'utf8'));
step('types (tsc --noEmit)', types, () => ['  (tsc printed the errors above)']);
lastReport = suitesReport;
step('server and console suites (PGlite, jsdom)', suites);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  step('browser journeys (Chromium)', build.status === 0 ? vitest(['--project', 'e2e'], {}, allJourneys) : 1);
} else {
  console.log(`\nChromium not found at ${chromium}: the browser journeys are SKIPPED (apt-get install -y chromium).`);
  step('browser journeys (Chromium)', ci ? 1 : 'skipped');
}

const cluster = await startCluster().catch((e) => {
  console.error('PostgreSQL cluster failed to start:', e.stderr?.toString() ?? e);
  return undefined;
});
if (cluster) {
  try {
    step('server suite on PostgreSQL', vitest(['--project', 'server*'], { DATABASE_URL: cluster.url }));
  } finally {
    cluster.stop();
  }
} else {
  console.log('\nPostgreSQL not found or not startable: the PostgreSQL run is SKIPPED (apt-get install -y postgresql).');
  step('server suite on PostgreSQL', ci || cluster === undefined ? 1 : 'skipped');
}

const failed = results.filter((r) => r.status !== 0 && r.status !== 'skipped');
console.log(results.map((r) => [`${r.status === 0 ? 'ok  ' : r.status === 'skipped' ? 'skip' : 'FAIL'} ${r.name}`, ...r.failures].join('\n')).join('\n'));
rmSync(reports, { recursive: true, force: true });
process.exit(failed.length ? 1 : 0);
