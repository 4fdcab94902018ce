import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './open-api.d.ts';

export type { paths, components, operations } from './open-api.d.ts';

export interface OpenPlatformOptions {
  /** The platform's origin (its PUBLIC_URL), e.g. `https://open.example.com`. */
  baseUrl: string;
  appId: string;
  appSecret: string;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

/** Seconds before its expiry a token is asked for again (the platform answers the same one while 30 minutes or more are left). */
const RENEW_BEFORE = 60;

/**
 * A typed client of the open API (docs/apps.md): every call of `/open/api/openapi.json` with its
 * body and its answer typed, and the app access token fetched, kept and renewed by itself.
 * Answers are the envelope: check `data.code === 200` before reading `data.data`.
 */
export const createOpenPlatformClient = (options: OpenPlatformOptions): Client<paths> => {
  const { baseUrl, appId, appSecret } = options;
  const client = createClient<paths>({ baseUrl, fetch: options.fetch });
  let held: { token: string; until: number } | undefined;
  const token = async () => {
    if (held && held.until > Date.now()) return held.token;
    const { data } = await client.POST('/open/api/auth/app-access-token', { body: { app_id: appId, app_secret: appSecret } });
    if (!data) throw new Error('The app access token could not be fetched.');
    if (data.code !== 200) throw new Error(data.message);
    held = { token: data.data.app_access_token, until: Date.now() + (data.data.expire - RENEW_BEFORE) * 1000 };
    return held.token;
  };
  const auth: Middleware = {
    async onRequest({ request, schemaPath }) {
      if (schemaPath !== '/open/api/auth/app-access-token') request.headers.set('Authorization', `Bearer ${await token()}`);
      return request;
    },
  };
  client.use(auth);
  return client;
};
