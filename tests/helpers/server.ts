import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type AppOptions } from '../../server/app.ts';
import { hashPassword } from '../../server/auth/password.ts';
import type { Db } from '../../server/db/driver.ts';
import { seedOperator } from '../../server/seed/seed.ts';
import { testDb, testDbBuild } from './db.ts';

export const ADMIN = { username: 'admin', password: 'Adm1nPassw0rd' };

export interface TestServer extends App {
  db: Db;
  /** POST through inject; returns the parsed envelope and the HTTP status. */
  post(url: string, body?: unknown, opts?: { token?: string; lang?: string; headers?: Record<string, string> }): Promise<{ status: number; code: number; data: any; message: string; raw: LightMyRequestResponse }>;
  login(username?: string, password?: string): Promise<string>;
  /** A tenant account (main or sub) that is a member of `buGuid`, with a token for that BU. */
  tenant(opts: { buGuid?: string; owner?: boolean; roleGuids?: string[]; userType?: 1 | 2 }): Promise<{ guid: string; token: string; buGuid: string }>;
  close(): Promise<void>;
  /** The folder the server writes its `.eml` mails to. */
  mailDir: string;
  /** The mails written to `to` (decoded text and subject), oldest first. */
  mails(to: string): { subject: string; text: string }[];
}

/** Decodes the plain-text `.eml` files nodemailer writes (quoted-printable body, encoded-word subject). */
const readEml = (file: string) => {
  const raw = readFileSync(file, 'utf8');
  const [folded, ...body] = raw.split('\n\n');
  const head = folded.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1] ?? '';
  const words = (v: string) => v.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc, t) => (enc.toUpperCase() === 'B' ? Buffer.from(t, 'base64').toString('utf8') : Buffer.from(t.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m: string, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')));
  const qp = (t: string) => Buffer.from(t.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  return { to: header('To'), subject: words(header('Subject')), text: qp(body.join('\n\n')) };
};

/** `beforeReady` may add test-only routes before the app is sealed; `options` change the app's settings; `db` is closed with it. */
export const startServer = async (opts: { beforeReady?: (app: App['app']) => void; options?: Partial<AppOptions>; db?: Db } = {}): Promise<TestServer> => {
  const db = opts.db ?? (await testDb());
  const mailDir = mkdtempSync(join(tmpdir(), 'open-platform-mail-'));
  const filesDir = mkdtempSync(join(tmpdir(), 'open-platform-files-'));
  // A copy of the prepared snapshot is not prepared again (tests/helpers/global-setup.ts); a
  // database the test brings is, and so is one served with definitions other than the product's.
  const prepared = !opts.db && !opts.options?.defs;
  const built = await buildApp({ db, mailDir, filesDir, buildFingerprint: prepared ? testDbBuild() : undefined, ...opts.options });
  await seedOperator(db, ADMIN.username, ADMIN.password);
  opts.beforeReady?.(built.app);
  await built.app.ready();
  const post: TestServer['post'] = async (url, body, opts = {}) => {
    const raw = await built.app.inject({
      method: 'POST',
      url,
      payload: body === undefined ? undefined : (body as never),
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        'accept-language': opts.lang ?? 'en-US',
        ...(opts.headers ?? {}),
      },
    });
    const json = raw.headers['content-type']?.toString().includes('json') ? raw.json() : {};
    return { status: raw.statusCode, code: json.code, data: json.data, message: json.message, raw };
  };
  const login = async (username = ADMIN.username, password = ADMIN.password) => {
    const r = await post('/open/admin/sys-auth/login', { username, password });
    if (r.code !== 200) throw new Error(`login failed: ${r.message}`);
    return r.data.token as string;
  };
  const tenant: TestServer['tenant'] = async ({ buGuid = randomUUID(), owner = false, roleGuids = [], userType = owner ? 1 : 2 }) => {
    const guid = randomUUID();
    await db.query('insert into users (guid, username, password, status, user_type, role_guids) values ($1, $2, $3, 0, $4, $5)', [
      guid,
      `t${guid.slice(0, 8)}`,
      await hashPassword('Tenant1234'),
      userType,
      '[]',
    ]);
    await db.query('insert into user_bu (user_guid, bu_guid, is_owner, role_guids) values ($1, $2, $3, $4)', [guid, buGuid, owner, JSON.stringify(roleGuids)]);
    const { token } = await built.services.tokens.issue({ guid, user_type: userType }, buGuid);
    return { guid, token, buGuid };
  };
  return {
    ...built,
    db,
    post,
    login,
    tenant,
    close: async () => {
      await built.app.close();
      await db.close();
      rmSync(mailDir, { recursive: true, force: true });
    },
    mailDir,
    mails: (to) =>
      readdirSync(mailDir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .map((f) => readEml(join(mailDir, f)))
        .filter((m) => m.to.toLowerCase().includes(to.toLowerCase())),
  };
};
