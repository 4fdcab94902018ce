import type { FastifyRequest } from 'fastify';

/** A cookie the request carries, by name (the browser-bound flows' bindings: SSO's proof, OAuth's consent screen). */
export const cookieOf = (req: FastifyRequest, name: string) =>
  (req.headers.cookie ?? '').split(';').map((c) => c.trim().split('=')).find(([k]) => k === name)?.[1];
