import { randomUUID } from 'node:crypto';
import { sealed } from './crypto.ts';
import type { Failure, Outgoing } from './outgoing.ts';
import { CHALLENGE_MS } from './policy.ts';

export interface EndpointKeys {
  verification_token: string;
  encrypt_key: string | null;
  signing_secret: string;
}

/** What a challenge found: echoed in time, or why not (`server.event_failure.*`). */
export interface ChallengeResult {
  ok: boolean;
  ms: number;
  budget_ms: number;
  status: number;
  reason?: Failure | 'status' | 'echo' | 'encrypted';
}

/**
 * Lark's URL verification: `{ challenge, token, type: "url_verification" }`, encrypted as
 * `{ encrypt }` when the endpoint has an Encrypt Key; the endpoint must answer `{ challenge }`
 * with the same value, with a 2xx status, within CHALLENGE_MS. An answer without the challenge
 * while an Encrypt Key is set is told apart (`encrypted`): the receiver did not decrypt it.
 */
export const runChallenge = async (out: Outgoing, url: string, keys: EndpointKeys): Promise<ChallengeResult> => {
  const challenge = randomUUID();
  const { body, headers } = sealed({ challenge, token: keys.verification_token, type: 'url_verification' }, keys);
  const o = await out.post(url, body, headers, CHALLENGE_MS);
  const base = { ms: o.ms, budget_ms: CHALLENGE_MS, status: o.status };
  if (o.failure) return { ...base, ok: false, reason: o.failure === 'connect_timeout' ? 'timeout' : o.failure };
  if (o.status < 200 || o.status > 299) return { ...base, ok: false, reason: 'status' };
  let echoed: unknown;
  try {
    echoed = (JSON.parse(o.answer) as { challenge?: unknown })?.challenge;
  } catch {
    echoed = undefined;
  }
  if (echoed === challenge) return { ...base, ok: true };
  // A receiver that read the challenge from the body as plain JSON found none (or sent the body back):
  // it did not decrypt what the app's Encrypt Key sealed, which the refusal then says.
  const sealedAs = keys.encrypt_key ? (JSON.parse(body) as { encrypt: string }).encrypt : undefined;
  const undecrypted = !!sealedAs && (echoed === undefined || echoed === null || echoed === '' || o.answer.includes(sealedAs));
  return { ...base, ok: false, reason: undecrypted ? 'encrypted' : 'echo' };
};
