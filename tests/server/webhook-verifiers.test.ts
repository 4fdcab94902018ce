import Stripe from 'stripe';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { scriptedReceiver } from '../helpers/receiver.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * A push verifies with the receivers' own libraries, unchanged: Stripe's `constructEvent` on
 * `X-Open-Signature` with the signing secret, and Standard Webhooks' `Webhook.verify` on its three
 * headers with the `whsec_` form of the same secret (docs/events.md, "Signatures"). After a reset,
 * the secret before it signs beside the new one until its overlap ends, so a receiver still holding
 * it keeps verifying.
 */
let s: TestServer;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let admin: string;

beforeAll(async () => {
  s = await startServer({ options: { events: { allowPrivate: true, worker: false } } });
  A = await tenantWithBu(s);
  admin = await s.login();
});
afterAll(() => s?.close());

const post = (path: string, body: unknown = {}) => s.post(path, body, { token: A.token, lang: 'en' });
const stripe = new Stripe('sk_test_verifier_only');

it("passes Stripe's and Standard Webhooks' verifiers, with both secrets during a roll and only the new one after it", async () => {
  const app = (await post('/open/app/create', { name: `Hook ${uid()}`, code: `hook-${uid()}` })).data;
  expect((await s.post('/open/admin/app/permissions/active-permissions', { guid: app.guid, group_codes: ['contact:member:readonly'] }, { token: admin })).code).toBe(200);
  // Plain JSON pushes (no Encrypt Key), as a receiver verifying signatures alone takes them.
  const first = (await post('/open/app/event/subscribe-config/reset', { app_guid: app.guid, key: 'encrypt_key', clear: true })).data;
  expect(first.webhook_secret).toBe(`whsec_${Buffer.from(first.signing_secret).toString('base64')}`);
  expect(first.previous_secret_until).toBeNull();
  const receiver = await scriptedReceiver([200], { echo: true });
  try {
    expect((await post('/open/app/event/subscribe-config/save-update', { app_guid: app.guid, request_url: receiver.url })).code).toBe(200);
    expect((await post('/open/app/event/subscribe-rel/save', { app_guid: app.guid, event_codes: ['contact.user.created_v3'] })).code).toBe(200);
    const push = async () => {
      receiver.hits.length = 0;
      expect((await post('/open/system/member/add', { name: `M ${uid()}`, job_number: `J${uid()}` })).code).toBe(200);
      while ((await s.services.events.runOnce()) > 0);
      expect(receiver.hits).toHaveLength(1);
      const { headers, body } = receiver.hits[0];
      const h = (name: string) => String(headers[name]);
      return {
        body,
        stripe: (secret: string) => stripe.webhooks.constructEvent(body, h('x-open-signature'), secret),
        standard: (secret: string) => new Webhook(secret).verify(body, { 'webhook-id': h('webhook-id'), 'webhook-timestamp': h('webhook-timestamp'), 'webhook-signature': h('webhook-signature') }),
        id: h('webhook-id'),
      };
    };

    const before = await push();
    expect(before.stripe(first.signing_secret)).toMatchObject({ schema: '2.0', header: { event_type: 'contact.user.created_v3' } });
    expect(before.standard(first.webhook_secret)).toMatchObject({ schema: '2.0' });
    // The message id is the event's, as Standard Webhooks asks (the same on every retry).
    expect(before.id).toBe((JSON.parse(before.body) as { header: { event_id: string } }).header.event_id);
    // Another secret is refused by both.
    expect(() => before.stripe('whsec_not_the_secret')).toThrow();
    expect(() => before.standard(`whsec_${Buffer.from('not-the-secret').toString('base64')}`)).toThrow();

    const rolled = (await post('/open/app/event/subscribe-config/reset', { app_guid: app.guid, key: 'signing_secret' })).data;
    expect(rolled.signing_secret).not.toBe(first.signing_secret);
    expect(new Date(rolled.previous_secret_until).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const during = await push();
    for (const keys of [first, rolled]) {
      expect(during.stripe(keys.signing_secret)).toMatchObject({ schema: '2.0' });
      expect(during.standard(keys.webhook_secret)).toMatchObject({ schema: '2.0' });
    }

    // Once the overlap has passed, only the new secret signs.
    await s.db.query("update event_config set previous_secret_until = now() - interval '1 second' where app_guid = $1", [app.guid]);
    const after = await push();
    expect(after.stripe(rolled.signing_secret)).toMatchObject({ schema: '2.0' });
    expect(after.standard(rolled.webhook_secret)).toMatchObject({ schema: '2.0' });
    expect(() => after.stripe(first.signing_secret)).toThrow();
    expect(() => after.standard(first.webhook_secret)).toThrow();
    expect((await post('/open/app/event/subscribe-config/get', { app_guid: app.guid })).data.previous_secret_until).toBeNull();
  } finally {
    await receiver.close();
  }
});
