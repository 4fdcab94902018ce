import { hash, verify, Algorithm } from '@node-rs/argon2';

/** argon2id at OWASP's first recommended setting: 19 MiB, two passes, one lane. */
export const ARGON2 = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => hash(plain, ARGON2);

export const verifyPassword = async (stored: string | null | undefined, plain: string) => {
  // Verify against a throwaway hash when there is no user, so timing does not reveal usernames.
  if (!stored) {
    await verify(await dummy, plain).catch(() => false);
    return false;
  }
  return verify(stored, plain).catch(() => false);
};

const dummy = hash('no-such-user-0', ARGON2);
