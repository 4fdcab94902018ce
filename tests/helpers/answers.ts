import { expect } from 'vitest';

/** An envelope as `TestServer.post` answers it. */
export type Answer = { code: number; data: any; message: string };

/** The call succeeded: its data. */
export const ok = async (p: Promise<Answer>) => {
  const r = await p;
  expect(r.code, r.message).toBe(200);
  return r.data;
};

/** The call was refused with a sentence matching `pattern`. */
export const refused = async (p: Promise<Answer>, pattern: RegExp) => {
  const r = await p;
  expect(r.code, JSON.stringify(r.data)).not.toBe(200);
  expect(r.message).toMatch(pattern);
  return r;
};
