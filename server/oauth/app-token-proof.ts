import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A proof lives this long: it is made and used within one token call. */
const PROOF_MS = 30_000;
const PREFIX = 'app-token-proof.';

/**
 * Lark's user-token calls authenticate the app by its app access token, not its secret
 * (server/lark/authen.ts). Having checked that token, the call hands the provider's token endpoint a
 * proof in place of the secret: an HMAC of the client id and a near expiry under a key of this
 * process, which only this process makes and `compareClientSecret` accepts.
 */
const key = randomBytes(32);
const mac = (clientId: string, until: number) => createHmac('sha256', key).update(`${clientId}.${until}`).digest('base64url');

export const appTokenProof = {
  make: (clientId: string) => {
    const until = Date.now() + PROOF_MS;
    return `${PREFIX}${until}.${mac(clientId, until)}`;
  },
  accepts: (clientId: string, presented: string) => {
    if (!presented.startsWith(PREFIX)) return false;
    const [until, got] = presented.slice(PREFIX.length).split('.');
    const when = Number(until);
    if (!Number.isSafeInteger(when) || when < Date.now() || !got) return false;
    const want = Buffer.from(mac(clientId, when));
    const given = Buffer.from(got);
    return want.length === given.length && timingSafeEqual(want, given);
  },
};
