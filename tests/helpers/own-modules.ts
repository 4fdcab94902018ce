/**
 * The server suite's files that swap modules (`vi.mock`, `vi.resetModules`, `vi.doMock`,
 * `vi.stubGlobal`): they run with a module registry of their own (the `server-own-modules`
 * project in vitest.config.ts). The rest share one per worker, loading the server's modules once
 * rather than once per file. tests/server/own-modules.test.ts checks this list against the files.
 */
export const OWN_MODULES = ['tests/server/business-time.test.ts', 'tests/server/open-api-pipeline.test.ts'];

/** What makes a test file need a registry of its own. */
export const SWAPS_MODULES = /\bvi\.(mock|doMock|resetModules|stubGlobal)\(/;
