import { defineConfig } from 'vitest/config';
import { buildDefines } from './resources/build-defines.ts';
import { resources } from './resources/index.ts';
import SweepFirst from './tests/helpers/sequencer.ts';
import { OWN_MODULES } from './tests/helpers/own-modules.ts';

/** The server suite: through inject (node), on PGlite or, with DATABASE_URL, PostgreSQL. */
const server = {
  // The registry test reads the route table, which takes the defined pages from the build (vite.config.ts).
  define: buildDefines(resources),
  test: {
    environment: 'node' as const,
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
};

/** The console's units and components, in jsdom. */
const web = {
  extends: './vite.config.ts',
  test: {
    environment: 'jsdom' as const,
    setupFiles: ['tests/helpers/web-setup.ts'],
    testTimeout: 20_000,
  },
};

/**
 * Three suites: the server through inject (node; two projects, `server*`), the console's units and
 * components (jsdom; two projects, `web*`) and the browser journeys (node, driving Debian's
 * Chromium). `tests/run.mjs` runs them and the server suite again on PostgreSQL.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on CI's two. A test file waits on its
    // database and its child processes as much as it computes, so two files at once use both cores.
    maxWorkers: 2,
    // The screen sweep's files first: the longest (tests/helpers/sequencer.ts).
    sequence: { sequencer: SweepFirst },
    projects: [
      {
        ...server,
        test: {
          ...server.test,
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: OWN_MODULES.server,
          // One module registry per worker, not per file: the server's modules load once per worker
          // (some 200 s of imports a run on CI's two cores). Files that swap modules are below.
          isolate: false,
        },
      },
      {
        ...server,
        test: { ...server.test, name: 'server-own-modules', include: OWN_MODULES.server },
      },
      {
        ...web,
        test: {
          ...web.test,
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          exclude: OWN_MODULES.web,
          // As the server's: React, MUI and react-admin load once per worker, not once per file
          // (the server and console phase: 1,240 → 1,050 s of CPU, 722 → 618 s on two cores).
          // tests/helpers/web-setup.ts resets what a file leaves in the shared document.
          isolate: false,
        },
      },
      {
        ...web,
        test: { ...web.test, name: 'web-own-modules', include: OWN_MODULES.web },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          // One browser per file, shared by its journeys (`fileBrowser`, tests/helpers/browser.ts).
          setupFiles: ['tests/helpers/e2e-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A screen settles within seconds on a busy 2-core machine, not vitest's default 1 s: as long as a locator waits.
          expect: { poll: { timeout: 15_000 } },
          // Two journey files at once (maxWorkers above), each with its own servers and browser; the
          // server's modules load once per worker, as in the server suite (no journey swaps a module).
          isolate: false,
        },
      },
    ],
  },
});
