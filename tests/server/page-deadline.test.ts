import { expect, it } from 'vitest';
import { render } from '../../src/entry-server.tsx';

/**
 * A page whose reads do not answer before the render's deadline (server/http/page-render.ts,
 * `RENDER_TIMEOUT_MS`) is not rendered at all: the server then sends the app's shell and the
 * browser draws the page. Rendered, React would leave its parts pending and add an inline script
 * that the Content-Security-Policy (`script-src 'self'`) refuses, a console error in every browser.
 */
const request = (read: () => Promise<never>, signal?: AbortSignal) => ({ url: '/appStore', lang: 'zh' as const, publicUrl: 'https://open.example.test', read, signal, onError: () => {} });

it('a page cut at its deadline is left to the browser', async () => {
  const never = () => new Promise<never>(() => {});
  expect(await render(request(never, AbortSignal.timeout(200)))).toBeNull();
});

it('a page whose reads answer is rendered, with no script but its state', async () => {
  const refused = () => Promise.resolve({ error: 'HTTP 500' } as never);
  const page = await render(request(refused, AbortSignal.timeout(5000)));
  expect(page).not.toBeNull();
  const html = `${page!.head}${page!.body}${page!.state}`;
  expect(html.match(/<script[^>]*>/g)).toEqual([expect.stringContaining('type="application/json"')]);
});
