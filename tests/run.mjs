// `npm test`: the server and console suites on PGlite, the browser journeys in Chromium, then the
// server suite again on a throwaway PostgreSQL cluster. Each part says when it is skipped and why;
// in CI a missing Chromium or PostgreSQL is a failure, not a skip.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startCluster } from './helpers/pg-cluster.mjs';

const ci = !!process.env.CI;
const vitest = (args, env = {}) => {
  const r = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
};
const results = [];
const step = (name, status) => {
  results.push({ name, status });
  console.log(`\n== ${name}: ${status === 0 ? 'passed' : status === 'skipped' ? 'skipped' : 'FAILED'}\n`);
};

step('server and console suites (PGlite, jsdom)', vitest(['--project', 'server', '--project', 'web']));

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  step('browser journeys (Chromium)', build.status === 0 ? vitest(['--project', 'e2e']) : 1);
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
    step('server suite on PostgreSQL', vitest(['--project', 'server'], { DATABASE_URL: cluster.url }));
  } finally {
    cluster.stop();
  }
} else {
  console.log('\nPostgreSQL not found or not startable: the PostgreSQL run is SKIPPED (apt-get install -y postgresql).');
  step('server suite on PostgreSQL', ci || cluster === undefined ? 1 : 'skipped');
}

const failed = results.filter((r) => r.status !== 0 && r.status !== 'skipped');
console.log(results.map((r) => `${r.status === 0 ? 'ok  ' : r.status === 'skipped' ? 'skip' : 'FAIL'} ${r.name}`).join('\n'));
process.exit(failed.length ? 1 : 0);
