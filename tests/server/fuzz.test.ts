import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import type { CallDoc } from '../../server/http/calls.ts';
import { APP_TOKEN } from '../../server/routes/open-api.ts';
import { samples } from '../fixtures/samples.ts';
import { ADMIN, startServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * Malformed input over every mounted call, read from the server's own registry (`s.docs`), so a
 * call is covered the day it lands. Whatever the body, the answer is never a 5xx and always the
 * envelope `{ code, data, message }` as JSON; a NUL byte in a string is refused (code 201), never
 * taken and never a server fault. Each call's test collects every failure and asserts the list is
 * empty, so one run names every call and body kind that breaks.
 */
const s = await startServer();
afterAll(() => s.close());

/**
 * Operator-side paths, and catalogue calls guarded by an operator (`admin:`) permission, are called
 * with an operator token; the rest with a BU owner's. Either way the caller may use the call, so
 * the bodies reach validation and the handler instead of stopping at authorisation.
 */
const isOperatorPath = (path: string) => path.startsWith('/open/admin/') || path.startsWith('/open/system/admin/');
const operatorCalls = (doc: CallDoc) => isOperatorPath(doc.path) || !!doc.permission?.startsWith('admin:');
/** Sentences answered before a call's own code runs: authorisation, and the checks on the raw request. */
const BEFORE_HANDLER = new Set(
  ['no_access', 'operators_only', 'tenants_only', 'bu_required', 'not_logged_in', 'token_invalid', 'bad_format', 'nul_character', 'body_too_large', 'unsupported_media_type', 'bad_request', 'rate_limited'].map((k) =>
    translate('en', `server.${k}`, { limit: '1024 KB' }),
  ),
);
/** Cases that send no fields: a call taking no body may succeed on them. */
const EMPTY_BODIES = new Set(['JSON null body', 'empty JSON body', 'no body, no content type']);
/** Calls that end the caller's own session(s): each request gets a token of its own. */
const SESSION_ENDING = new Set(['/open/logout', '/open/system/user/update-password']);

type Zod = { shape?: Record<string, Zod>; def?: { type?: string; innerType?: Zod; in?: Zod; schema?: Zod } } | undefined;
/** A zod schema without its optional/default/nullable/pipe wrappers. */
const unwrap = (t: Zod) => {
  for (let i = 0; t?.def && !t.shape && i < 8 && (t.def.innerType ?? t.def.in ?? t.def.schema); i++) t = t.def.innerType ?? t.def.in ?? t.def.schema;
  return t;
};
/** Field names of a call's documented body, each with its JSON type when plain. */
const fieldsOf = (body: unknown): [string, string | undefined][] => {
  const shape = unwrap(body as Zod)?.shape;
  if (!shape) return [];
  const jsonType: Record<string, string> = { string: 'string', number: 'number', int: 'number', boolean: 'boolean', array: 'array', object: 'object', record: 'object', null: 'null' };
  return Object.entries(shape).map(([f, t]) => [f, jsonType[unwrap(t)?.def?.type ?? '']]);
};
/** For calls whose handler parses a body the registry does not document: the names such bodies use. */
const GENERIC_FIELDS = ['guid', 'guids', 'name', 'username', 'password', 'email', 'token', 'status', 'role_guids', 'permission_guids', 'user_guids', 'page', 'page_size', 'keyword'];

const WRONG: [string, unknown][] = [
  ['number', 12345],
  ['string', 'abc'],
  ['object', { a: 1 }],
  ['array', [1, 'x']],
  ['null', null],
  ['boolean', true],
];
const NUL = 'a\u0000b';
const HUGE = 'x'.repeat(100 * 1024);
const deep = (levels: number, wrap: (v: unknown) => unknown) => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = wrap(v);
  return v;
};
const DEEP_ARRAY = deep(2000, (v) => [v]);
const DEEP_OBJECT = deep(2000, (v) => ({ a: v }));
const PROTO = '"__proto__":{"isSuper":true,"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"}';
const PAGING: [string, unknown][] = [
  ['page', -1], ['page', 0], ['page', 1e12], ['page', 'x'], ['page', 1.5],
  ['page_size', 0], ['page_size', 101], ['page_size', 1e9], ['page_size', -5], ['page_size', '20'],
];
const isGuidField = (f: string) => /guids?$/.test(f);
const NOT_GUIDS = ['not-a-uuid', "1' or '1'='1", '', '123e4567-e89b-12d3-a456-42661417400g'];
const NOT_GUID_LISTS: unknown[] = [['not-a-uuid'], ["1' or '1'='1"], 'not-an-array', [null]];

interface Case {
  kind: string;
  /** Raw request body (already serialised), or undefined for none. */
  payload?: string;
  /** Content type to send; absent = application/json when there is a payload. */
  contentType?: string;
  /** The body as an object, when it is one (GET calls send it as the query string). */
  value?: Record<string, unknown>;
  /** NUL cases: must be refused with code 201. */
  nul?: boolean;
}
/**
 * The deep and huge values, serialised once: `JSON.stringify` of a 2000-deep value in every field
 * of every call's cases was a fifth of this file's main thread. A body is its fields' texts joined.
 */
const SERIALISED = new Map<unknown, string>([DEEP_ARRAY, DEEP_OBJECT, HUGE].map((v) => [v, JSON.stringify(v)]));
const serialise = (value: Record<string, unknown>) =>
  SERIALISED.get(value) ??
  `{${Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${JSON.stringify(k)}:${SERIALISED.get(v) ?? JSON.stringify(v)}`)
    .join(',')}}`;
const json = (kind: string, value: Record<string, unknown>, extra: Partial<Case> = {}): Case => ({ kind, payload: serialise(value), value, ...extra });

/** A valid body for the call when the fixtures have one, so a NUL reaches past validation of the other fields. */
const baseOf = (doc: CallDoc): Record<string, unknown> => {
  if (doc.path.endsWith('/sys-auth/login')) return { username: `nobody_${uid()}`, password: 'Passw0rd1' };
  const sample = samples[doc.tag];
  if (sample && /( add| save|childAdd)$/.test(doc.summary)) return sample.add(uid());
  return {};
};

const casesFor = (doc: CallDoc): Case[] => {
  const documented = fieldsOf(doc.body);
  const typed: [string, string | undefined][] = documented.length ? documented : GENERIC_FIELDS.map((f) => [f, undefined]);
  const fields = typed.map(([f]) => f);
  const all = (v: unknown) => Object.fromEntries(fields.map((f) => [f, v]));
  const cases: Case[] = [];
  // Wrong types: every field at once with each type, then each field alone with every type it is
  // not (a field the registry does not document gets three of them, in turn).
  for (const [t, v] of WRONG) cases.push(json(`all fields ${t}`, all(v)));
  typed.forEach(([f, own], i) => {
    const wrong = documented.length ? WRONG.filter(([t]) => t !== own) : [0, 2, 4].map((k) => WRONG[(i + k) % WRONG.length]);
    for (const [t, v] of wrong) cases.push(json(`${f}: ${t}`, { [f]: v }));
  });
  // NUL bytes: each field alone on top of a valid body, and every field at once. Only a field the
  // call documents must be refused; a call that takes no such field may ignore it like any unknown key.
  const base = baseOf(doc);
  const strict = documented.length > 0;
  for (const f of fields) cases.push(json(`${f}: NUL`, { ...base, [f]: NUL }, { nul: strict }));
  cases.push(json('all fields NUL', { ...base, ...all(NUL) }, { nul: strict }));
  if (doc.path.endsWith('/sys-auth/login')) {
    cases.push(json('login username NUL', { username: `adm${NUL}in`, password: 'Passw0rd1' }, { nul: true }));
    cases.push(json('login password NUL', { username: `nobody_${uid()}`, password: `Pass${NUL}w0rd1` }, { nul: true }));
  }
  // Huge strings (100 kB each, staying under the 1 MiB body limit), and one body over the limit.
  cases.push(json('huge strings', Object.fromEntries(fields.slice(0, 9).map((f) => [f, HUGE]))));
  cases.push({ kind: 'body over 1 MiB', payload: JSON.stringify({ [fields[0]]: 'x'.repeat(1100 * 1024) }) });
  // Deep nesting: in every field, and as the whole body.
  cases.push(json('2000-deep arrays in every field', all(DEEP_ARRAY)));
  cases.push(json('2000-deep objects in every field', all(DEEP_OBJECT)));
  cases.push(json('2000-deep object body', DEEP_OBJECT as Record<string, unknown>));
  // Prototype keys with object values, on the body and inside each field.
  const baseText = JSON.stringify(base);
  cases.push({ kind: 'prototype keys', payload: `${baseText.slice(0, -1)}${baseText === '{}' ? '' : ','}${PROTO}}`, value: JSON.parse(`{${PROTO}}`) });
  cases.push({ kind: 'prototype keys in every field', payload: `{${fields.map((f) => `"${f}":{${PROTO}}`).join(',')}}` });
  // Odd paging.
  for (const [f, v] of PAGING) cases.push(json(`${f}: ${JSON.stringify(v)}`, { [f]: v }));
  // Guid fields that are not uuids.
  for (const f of fields.filter(isGuidField)) {
    for (const v of f.endsWith('guids') ? NOT_GUID_LISTS : NOT_GUIDS) cases.push(json(`${f}: ${JSON.stringify(v)}`, { ...base, [f]: v }));
  }
  // Bodies that are not a JSON object.
  cases.push({ kind: 'array body', payload: JSON.stringify([{ guid: randomUUID() }]) });
  cases.push({ kind: 'JSON string body', payload: '"hello"' });
  cases.push({ kind: 'JSON number body', payload: '42' });
  cases.push({ kind: 'JSON null body', payload: 'null' });
  cases.push({ kind: 'empty JSON body', payload: '' });
  cases.push({ kind: 'no body, no content type', contentType: '' });
  cases.push({ kind: 'malformed JSON', payload: '{"guid": ' });
  cases.push({ kind: 'text/plain body', payload: 'hello', contentType: 'text/plain' });
  cases.push({ kind: 'form body', payload: 'guid=x&page=-1', contentType: 'application/x-www-form-urlencoded' });
  return cases;
};

let address = 0;
/** Every request from an address of its own, so the login rate limits do not stand in for validation. */
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};
const querystringOf = (value: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v) ?? ''])).toString();

const send = (doc: CallDoc, c: Case, token?: string) => {
  const headers: Record<string, string> = { 'accept-language': 'en-US' };
  if (token) headers.authorization = `Bearer ${token}`;
  const contentType = c.contentType ?? (c.payload !== undefined ? 'application/json' : undefined);
  if (contentType) headers['content-type'] = contentType;
  const query = doc.method === 'GET' && c.value ? `?${querystringOf(c.value)}` : '';
  return s.app.inject({ method: doc.method, url: doc.path + query, payload: c.payload, headers, remoteAddress: nextAddress() });
};

/** What is wrong with an answer, or null when it is a proper envelope. */
const envelopeProblem = (r: LightMyRequestResponse): string | null => {
  const head = `HTTP ${r.statusCode}`;
  if (r.statusCode >= 500) return `${head} ${r.body.slice(0, 160)}`;
  const type = String(r.headers['content-type'] ?? '');
  if (!type.includes('application/json')) return `${head} content-type "${type}": ${r.body.slice(0, 120)}`;
  let body: { code?: unknown; message?: unknown; data?: unknown };
  try {
    body = JSON.parse(r.body);
  } catch {
    return `${head} not JSON: ${r.body.slice(0, 120)}`;
  }
  if (!body || typeof body !== 'object' || typeof body.code !== 'number' || typeof body.message !== 'string' || !('data' in body)) return `${head} not an envelope: ${r.body.slice(0, 160)}`;
  if (body.code >= 500) return `${head} code ${body.code}: ${body.message}`;
  return null;
};
const answerOf = (r: LightMyRequestResponse) => {
  try {
    const b = JSON.parse(r.body);
    return `HTTP ${r.statusCode} code ${b.code}: ${String(b.message).slice(0, 160)}`;
  } catch {
    return `HTTP ${r.statusCode} ${r.body.slice(0, 160)}`;
  }
};

/** Tokens of a real operator and a real BU owner; a fresh owner (and BU) per tag, a fresh session per call. */
let operatorGuid: string;
const owners = new Map<string, Promise<{ guid: string; buGuid: string }>>();
beforeAll(async () => {
  const r = await s.post('/open/admin/sys-auth/login', ADMIN);
  expect(r.code, r.message).toBe(200);
  operatorGuid = r.data.user.guid;
});
const ownerFor = (tag: string) => {
  if (!owners.has(tag)) owners.set(tag, tenantWithBu(s).then((t) => ({ guid: t.guid, buGuid: t.buGuid })));
  return owners.get(tag)!;
};
const tokenFor = async (doc: CallDoc) => {
  if (operatorCalls(doc)) return (await s.services.tokens.issue({ guid: operatorGuid, user_type: 0 }, null)).token;
  const o = await ownerFor(doc.tag);
  const console = (await s.services.tokens.issue({ guid: o.guid, user_type: 1 }, o.buGuid)).token;
  if (doc.permission !== APP_TOKEN) return console;
  // Open-API calls take an app's token: an app of that owner's BU.
  const app = await s.post('/open/app/create', { name: `Fuzz ${doc.path.length}${Math.random()}`.slice(0, 30), code: `fuzz-${Math.random().toString(16).slice(2, 10)}` }, { token: console });
  return (await s.services.appTokens.issue(app.data.guid, 7200)).app_access_token;
};

const pollution = () => {
  const probe = {} as Record<string, unknown>;
  return ['polluted', 'isSuper'].filter((k) => probe[k] !== undefined);
};

it('covers every mounted call', () => {
  expect(s.docs.length).toBeGreaterThan(150);
  expect(s.docs.some((d) => d.method === 'GET')).toBe(true);
});

describe.each(s.docs.map((doc) => [`${doc.method} ${doc.path}`, doc] as const))('%s', (_, doc) => {
  it('answers every malformed body with the envelope, never a 5xx, and refuses NUL bytes', async () => {
    const failures: string[] = [];
    const cases = casesFor(doc);
    const sessionEnding = SESSION_ENDING.has(doc.path);
    let token = await tokenFor(doc);
    /** Whether any body with the token got past authorisation into the call (else the fuzz tested nothing). */
    let reached = !!doc.public;
    let sample = '';
    const callers: [string, boolean][] = doc.public ? [['with token', true], ['anonymous', false]] : [['with token', true]];
    for (const [who, withToken] of callers) {
      for (const c of cases) {
        if (withToken && sessionEnding) token = await tokenFor(doc);
        const r = await send(doc, c, withToken ? token : undefined);
        const label = `${c.kind} (${who})`;
        // A call whose success is a download (a template) answers the file to a body it takes: an empty one.
        if (withToken && EMPTY_BODIES.has(c.kind) && r.statusCode === 200 && /^attachment;/.test(String(r.headers['content-disposition'] ?? ''))) {
          reached = true;
          continue;
        }
        const problem = envelopeProblem(r);
        if (problem) {
          failures.push(`${label}: ${problem}`);
          continue;
        }
        const body = JSON.parse(r.body);
        // A valid token answered 401: the fuzz stopped reaching the handler (a body ended the session?).
        if (withToken && r.statusCode === 401) failures.push(`${label}: the caller's token was refused (${answerOf(r)})`);
        if (c.nul && body.code !== 201) failures.push(`${label}: a NUL byte was not refused with 201 (${answerOf(r)})`);
        if (withToken && (body.code === 200 || (r.statusCode === 200 && !BEFORE_HANDLER.has(body.message)))) reached = true;
        else if (withToken) sample ||= answerOf(r);
      }
    }
    if (!reached) failures.push(`no body with the caller's token got past authorisation (${sample})`);
    // Once without a token and once with a forged one.
    const plain = json('empty object', {});
    for (const [who, tok] of [['no token', undefined], ['forged token', 'not.a.jwt']] as const) {
      const r = await send(doc, plain, tok);
      const problem = envelopeProblem(r);
      if (problem) failures.push(`${who}: ${problem}`);
      else if (!doc.public && (r.statusCode !== 401 || JSON.parse(r.body).code !== 201)) failures.push(`${who}: expected HTTP 401 with code 201 (${answerOf(r)})`);
    }
    const polluted = pollution();
    if (polluted.length) failures.push(`Object.prototype polluted: ${polluted.join(', ')}`);
    expect(failures, `${doc.method} ${doc.path}:\n  ${failures.join('\n  ')}`).toEqual([]);
  });
});
