import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

interface Built {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** Revalidated on every use: a 304 costs a header comparison, and a new start (new registry) is seen at once. */
const CACHE_CONTROL = 'public, no-cache';

/** The encoding to send: brotli, else gzip, when Accept-Encoding takes it (a `q=0` refuses one). */
const encodingOf = (header: string | undefined): 'br' | 'gzip' | 'identity' => {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name.trim().toLowerCase()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') || accepted.has('*') ? 'gzip' : 'identity';
};

/** Whether If-None-Match names this entity tag (weak comparison, as RFC 9110 asks for GET). */
const matches = (header: string | undefined, etag: string) =>
  !!header && (header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));

/**
 * A JSON document built once per key (a language) and kept in memory as its bytes, a brotli and a
 * gzip copy and a strong entity tag, so serving it costs no serialisation and no compression: the
 * OpenAPI documents, which anyone may fetch without logging in, are served this way so that a
 * flood of them cannot take the CPU from other callers. Compression runs on libuv's threads, once.
 */
export class PrebuiltJson {
  private readonly built = new Map<string, Promise<Built>>();

  constructor(private readonly build: (key: string) => unknown) {}

  /** Builds every key again on its next use (what the documents describe has changed). */
  forget() {
    this.built.clear();
  }

  private get(key: string) {
    let found = this.built.get(key);
    if (!found) {
      found = (async () => {
        const identity = Buffer.from(JSON.stringify(await this.build(key)));
        const [br, gz] = await Promise.all([
          brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
          gzipped(identity, { level: 9 }),
        ]);
        return { identity, br, gzip: gz, etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 32)}"` };
      })();
      this.built.set(key, found);
      // A build that failed (the database away) is tried again on the next request.
      found.catch(() => this.built.delete(key));
    }
    return found;
  }

  /** Answers the document for `key`: 304 when the client holds it, else the best encoding it accepts. */
  async send(req: FastifyRequest, reply: FastifyReply, key: string, vary: string[] = []) {
    const doc = await this.get(key);
    reply.header('etag', doc.etag).header('cache-control', CACHE_CONTROL).header('vary', ['Accept-Encoding', ...vary].join(', '));
    if (matches(req.headers['if-none-match'], doc.etag)) return reply.code(304).send();
    const encoding = encodingOf(req.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(doc[encoding]);
  }
}
