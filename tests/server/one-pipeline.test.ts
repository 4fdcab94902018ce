import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

/**
 * Every call goes through the one pipeline (`runCall`, server/engine/run-call.ts; issue 45): calls
 * are declared by `defineCall` (console tokens; it runs `runCall`), which only the engine's mounts
 * and `bespoke` use, and by the open API's `appCall` (app tokens, through `asApp` and `runCall`).
 * A route registered any other way is one of the few below, each with why it is not a call; a new
 * one fails here, named with its file and line.
 */
const ROUTES_OUTSIDE_CALLS: Record<string, { count: number; why: string }> = {
  'server/http/calls.ts': { count: 2, why: "defineCall itself (a call with a rate limit on a route of its own, the others through the calls' table's one wildcard route): resolves the console caller, then runCall" },
  'server/lark/routes.ts': { count: 1, why: "Lark's contact calls: asApp, then each engine verb through engineAsApp (runCall); only the envelope is Lark's" },
  'server/lark/tokens.ts': { count: 1, why: "Lark's token calls (LARK_TOKEN_CALLS): the token calls of server/auth/app-token-calls.ts, the open API's own, in Lark's envelope" },
  'server/lark/authen.ts': { count: 3, why: "Lark's user-token calls: the browser step, a redirect to the OpenID provider's sign-in; the code and refresh calls, the provider's own token endpoint asked in-process after the app token is checked; user_info, asApp with a person's token" },
  'server/lark/ws/endpoint.ts': { count: 1, why: "Lark's long-connection endpoint: its own envelope, the app's credentials checked as for a token" },
  'server/routes/files.ts': { count: 1, why: "a file by its address (an <img>): streamed, the reader's token checked by mayRead" },
  'server/routes/sso.ts': { count: 5, why: "the IdP's browser redirects and posts, and the SP's SAML metadata: no envelope, no token" },
  'server/routes/site-map.ts': { count: 2, why: 'robots.txt and sitemap.xml' },
  'server/routes/health.ts': { count: 2, why: "balancers' health checks (/healthz, /readyz): no envelope, no token" },
  'server/app.ts': { count: 2, why: 'the two OpenAPI documents' },
  'server/oauth/mount.ts': { count: 3, why: "the OpenID provider's discovery and endpoints (oidc-provider answers them in OAuth's own shapes) and its redirect to the consent screen" },
};
const DEFINE_CALL_USERS = ['server/engine/mount.ts', 'server/routes/bespoke.ts'];
/** The names a fastify instance goes by here; a plugin's instance of another name fails below. */
const INSTANCES = ['app', 'scope', 'lark', 'saml', 'oidc'];

const root = join(import.meta.dirname, '../..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

const hits = (pattern: RegExp) => {
  const found: { file: string; line: number; text: string }[] = [];
  for (const path of sources(join(root, 'server'))) {
    const file = relative(root, path);
    readFileSync(path, 'utf8').split('\n').forEach((text, i) => {
      if (pattern.test(text)) found.push({ file, line: i + 1, text: text.trim() });
    });
  }
  return found;
};

it('registers routes only through defineCall and appCall, besides the listed non-calls', () => {
  const routes = hits(new RegExp(`\\b(${INSTANCES.join('|')})\\.(get|post|put|patch|delete|all|route)\\b`));
  const counts = new Map<string, number>();
  for (const r of routes) counts.set(r.file, (counts.get(r.file) ?? 0) + 1);
  const unexpected = routes.filter((r) => (counts.get(r.file) ?? 0) !== ROUTES_OUTSIDE_CALLS[r.file]?.count).map((r) => `${r.file}:${r.line} ${r.text}`);
  const gone = Object.keys(ROUTES_OUTSIDE_CALLS).filter((f) => !counts.has(f));
  expect({ unexpected, gone }).toEqual({ unexpected: [], gone: [] });
});

it("lets only defineCall and appCall put a call in the calls' table (routeCall), besides its own definition", () => {
  const users = hits(/\brouteCall\(/).filter((h) => !h.text.startsWith('export const routeCall'));
  expect(users.map((h) => h.file).sort()).toEqual(['server/http/calls.ts', 'server/routes/open-api.ts']);
});

it('lets only the engine and bespoke declare calls with defineCall', () => {
  const users = hits(/\bdefineCall\(/).filter((h) => !h.text.startsWith('export const defineCall'));
  expect(users.map((h) => h.file).sort()).toEqual(DEFINE_CALL_USERS);
});

it('knows every fastify instance that may register a route', () => {
  const plugins = hits(/\.register\(async \((\w+)\)/).map((h) => /\.register\(async \((\w+)\)/.exec(h.text)![1]);
  expect(plugins.filter((name) => !INSTANCES.includes(name))).toEqual([]);
  expect(plugins.length).toBeGreaterThan(0);
});
