/**
 * The test files that swap modules (`vi.mock`, `vi.resetModules`, `vi.doMock`, `vi.stubGlobal`):
 * they run with a module registry of their own (the `*-own-modules` projects in vitest.config.ts).
 * The rest of their suite shares one per worker, loading the server's or the console's modules once
 * rather than once per file. tests/server/own-modules.test.ts checks these lists against the files.
 */
export const OWN_MODULES = {
  server: ['tests/server/business-time.test.ts', 'tests/server/open-api-pipeline.test.ts'],
  web: [
    'tests/web/app-events.test.tsx',
    'tests/web/debug-console.test.tsx',
    'tests/web/doc-search.test.tsx',
    'tests/web/label-in-name.test.tsx',
    'tests/web/login-required.test.tsx',
    'tests/web/purchase-answer.test.tsx',
    'tests/web/record-title.test.ts',
    'tests/web/register-errors.test.tsx',
    'tests/web/sso-link-card.test.tsx',
    'tests/web/unread-badge.test.tsx',
  ],
};

/** What makes a test file need a registry of its own. */
export const SWAPS_MODULES = /\bvi\.(mock|doMock|resetModules|stubGlobal)\(/;
