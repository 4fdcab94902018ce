import { z } from 'zod';
import { LARK_PAGE_SIZE, larkPage, pageOf } from './envelope.ts';
import { NOT_FOUND } from './errors.ts';
import { ACCOUNT_TYPE, larkUser, larkUserOf } from '../../schemas/lark-contact.ts';
import { BATCH_MAX, batchIds, departmentNamed, idTypes, memberNamed, rowsOf } from './ids.ts';
import type { AppIds, EngineCall, LarkCall } from './call.ts';

/**
 * Lark's contact v3 users on the platform's members (docs/lark.md "Users"). Each Lark field is one
 * member field; Lark fields the platform has no counterpart for are not answered and, written, are ignored.
 */
const READ = 'contact:member:readonly';
const WRITE = 'contact:member:write';

type MemberRow = Record<string, unknown> & { guid: string; name: string; department_guid: string | null; account_type: number; duty_status: number };

const userWrite = z.object({
  name: z.string(),
  en_name: z.string(),
  nickname: z.string(),
  email: z.string(),
  mobile: z.string().describe('+86, +852, +853 or +886 and the number, or the number alone (+86)'),
  department_ids: z.array(z.string()).max(1, 'a member has one department'),
  leader_user_id: z.string(),
  employee_no: z.string(),
  employee_type: z.union([z.literal(1), z.literal(3)]),
});
const createBody = userWrite.partial().required({ name: true });
const patchBody = userWrite.partial();

/** The member fields behind each Lark field, for refusals that name the member's. */
const FIELDS = { name: 'name', english_name: 'en_name', alias: 'nickname', email: 'email', phone: 'mobile', area_code: 'mobile', department_guid: 'department_ids', superior_guid: 'leader_user_id', job_number: 'employee_no', account_type: 'employee_type' };

/** A mobile as the member's area code and number (the forms the writes take), or null when it is neither. */
const mobileOf = (mobile: string) => {
  const m = /^\+(86|852|853|886)[ -]?(\d+)$/.exec(mobile.trim()) ?? (/^\d+$/.test(mobile.trim()) ? [mobile, '86', mobile.trim()] : null);
  return m ? { area: m[1], phone: m[2] } : null;
};

/** A Lark user body as the member's input: only what it names, ids in the types the query asked for. */
const memberInput = (body: z.output<typeof patchBody>, ids: AppIds) => {
  const mobile = body.mobile === undefined ? null : mobileOf(body.mobile);
  return {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.en_name !== undefined ? { english_name: body.en_name } : {}),
    ...(body.nickname !== undefined ? { alias: body.nickname } : {}),
    ...(body.email !== undefined ? { email: body.email } : {}),
    ...(body.mobile !== undefined ? (mobile ? { area_code: mobile.area, phone: mobile.phone } : { phone: body.mobile }) : {}),
    ...(body.department_ids !== undefined ? { department_guid: body.department_ids.length ? departmentNamed(ids, 'department_ids', body.department_ids[0]) : null } : {}),
    ...(body.leader_user_id !== undefined ? { superior_guid: body.leader_user_id ? memberNamed(ids, 'leader_user_id', body.leader_user_id) : null } : {}),
    ...(body.employee_no !== undefined ? { job_number: body.employee_no } : {}),
    ...(body.employee_type !== undefined ? { account_type: ACCOUNT_TYPE[body.employee_type] } : {}),
  };
};

const listQuery = idTypes.extend({
  department_id: z.string().optional().describe('The department whose members to list; "0" or none: every member of the BU'),
  page_size: z.coerce.number().int().min(1).max(LARK_PAGE_SIZE.max).default(LARK_PAGE_SIZE.default),
  page_token: z.string().max(200).optional(),
});
const userPath = z.object({ user_id: z.string() });
const userAnswer = z.object({ user: larkUser });
const listAnswer = z.object({ has_more: z.boolean(), page_token: z.string().optional(), items: z.array(larkUser) });

const list: LarkCall['run'] = async ({ query, engine, ids }) => {
  const { page, size } = pageOf(query.page_token, query.page_size);
  const department = query.department_id === undefined ? null : departmentNamed(ids, 'department_id', query.department_id);
  // Oldest first: a member added while an app pages lands on a later page, not between two.
  const found = await engine('member', 'page', { page, page_size: size, sort: 'created_at', ...(department ? { department_guid: department } : {}) });
  return larkPage(found.list.map((m: MemberRow) => larkUserOf(m, ids)), page, size, found.count);
};

/** `users/batch`: the asked members of the BU, each through the engine's get (`rowsOf`). */
const batchQuery = idTypes.extend({ user_ids: batchIds('user id') });
const itemsAnswer = z.object({ items: z.array(larkUser) });

/** `batch_get_id`: up to 50 e-mails and 50 mobiles; at least one of either. */
const batchGetIdBody = z
  .object({
    emails: z.array(z.string().max(254)).max(BATCH_MAX, `at most ${BATCH_MAX} emails`).describe('Matched case-insensitively'),
    mobiles: z.array(z.string().max(32)).max(BATCH_MAX, `at most ${BATCH_MAX} mobiles`).describe('+<area code><number> (+86, +852, +853, +886), or the number alone (+86)'),
    include_resigned: z.boolean().describe('true: members off duty are found too'),
  })
  .partial()
  .refine((b) => (b.emails?.length ?? 0) + (b.mobiles?.length ?? 0) > 0, { message: 'emails or mobiles: at least one', path: ['emails'] })
  .describe('At least one e-mail or mobile; the answer has one entry for each, e-mails first');
const idAnswer = z.object({
  user_list: z.array(
    z.object({
      user_id: z.string().optional().describe("The member's id, of the user_id_type asked; absent when no member of the BU has it"),
      email: z.string().optional(),
      mobile: z.string().optional(),
      status: z.object({ is_resigned: z.boolean() }).optional(),
    }),
  ),
});

/** Every member of the BU an engine `page` input finds, oldest first (page after page of the platform's largest page). */
const allPages = async (engine: EngineCall, input: Record<string, unknown>): Promise<MemberRow[]> => {
  const size = 100;
  const rows: MemberRow[] = [];
  for (let page = 1; ; page++) {
    const found = await engine('member', 'page', { ...input, page, page_size: size, sort: 'created_at' });
    rows.push(...(found.list as MemberRow[]));
    if (page * size >= found.count || !found.list.length) return rows;
  }
};


/** Of the members found for one e-mail or mobile, one on duty first, else the oldest. */
const pick = (rows: MemberRow[]) => rows.find((m) => m.duty_status !== 1) ?? rows[0];

/**
 * Lark's "user ids by e-mail or mobile": for each one asked, the member of the app's BU with it.
 * An e-mail is looked up by the engine's keyword search (its `ilike`) and then compared whole,
 * case-insensitively; mobiles by the `phone` filter and then their area code. Members off duty are
 * left out unless `include_resigned`.
 */
const batchGetId: LarkCall['run'] = async ({ body, engine, ids }) => {
  const { emails = [], mobiles = [], include_resigned = false } = body as z.output<typeof batchGetIdBody>;
  const onDuty = include_resigned ? {} : { duty_status: 0 };
  const byEmail = new Map<string, MemberRow | undefined>();
  for (const email of new Set(emails.map((e) => e.trim().toLowerCase()))) {
    // A member's e-mail is at most 64 characters (schemas/common.ts): a longer one is no member's.
    if (!email || email.length > 64) continue;
    const rows = await allPages(engine, { keyword: email, ...onDuty });
    byEmail.set(email, pick(rows.filter((m) => typeof m.email === 'string' && m.email.trim().toLowerCase() === email)));
  }
  const asked = mobiles.map(mobileOf);
  const phones = [...new Set(asked.flatMap((m) => (m ? [m.phone] : [])))];
  const withPhone = phones.length ? await allPages(engine, { phone: phones, ...onDuty }) : [];
  const found = (m: MemberRow | undefined) => (m ? { user_id: ids.user(m.guid), status: { is_resigned: m.duty_status === 1 } } : {});
  return {
    user_list: [
      ...emails.map((email) => ({ ...found(byEmail.get(email.trim().toLowerCase())), email })),
      ...mobiles.map((mobile, i) => {
        const m = asked[i];
        return { ...found(m ? pick(withPhone.filter((r) => r.phone === m.phone && String(r.area_code ?? '86') === m.area)) : undefined), mobile };
      }),
    ],
  };
};

const common = { scope: READ, notFound: NOT_FOUND.user, fields: FIELDS, references: { superior_guid: NOT_FOUND.user, department_guid: NOT_FOUND.department } };
export const userCalls: LarkCall[] = [
  { ...common, method: 'GET', path: '/open-apis/contact/v3/users', apiCode: 'lark.contact.user.list', query: listQuery, answer: listAnswer, run: list },
  { ...common, method: 'GET', path: '/open-apis/contact/v3/users/find_by_department', apiCode: 'lark.contact.user.find_by_department', query: listQuery.required({ department_id: true }), answer: listAnswer, run: list },
  {
    // A static path: the router prefers it to `users/:user_id`, so `batch` is this call, never an id.
    ...common, method: 'GET', path: '/open-apis/contact/v3/users/batch', apiCode: 'lark.contact.user.batch', query: batchQuery, answer: itemsAnswer,
    run: async ({ query, engine, ids }) => ({ items: (await rowsOf<MemberRow>(engine, 'member', query.user_ids, (id) => ids.userIn('user_ids', id))).map((m) => larkUserOf(m, ids)) }),
  },
  { ...common, method: 'POST', path: '/open-apis/contact/v3/users/batch_get_id', apiCode: 'lark.contact.user.batch_get_id', query: idTypes.pick({ user_id_type: true }), body: batchGetIdBody, answer: idAnswer, run: batchGetId },
  {
    ...common, method: 'GET', path: '/open-apis/contact/v3/users/:user_id', apiCode: 'lark.contact.user.get', params: userPath, query: idTypes, answer: userAnswer,
    run: async ({ params, engine, ids }) => ({ user: larkUserOf(await engine('member', 'get', { guid: memberNamed(ids, 'user_id', params.user_id) }), ids) }),
  },
  {
    ...common, scope: WRITE, method: 'POST', path: '/open-apis/contact/v3/users', apiCode: 'lark.contact.user.create', query: idTypes, body: createBody, answer: userAnswer,
    run: async ({ body, engine, ids }) => ({ user: larkUserOf(await engine('member', 'add', memberInput(body, ids)), ids) }),
  },
  {
    ...common, scope: WRITE, method: 'PATCH', path: '/open-apis/contact/v3/users/:user_id', apiCode: 'lark.contact.user.patch', params: userPath, query: idTypes, body: patchBody, answer: userAnswer,
    run: async ({ params, body, engine, ids }) => ({ user: larkUserOf(await engine('member', 'update', { guid: memberNamed(ids, 'user_id', params.user_id), ...memberInput(body, ids) }), ids) }),
  },
  {
    ...common, scope: WRITE, method: 'DELETE', path: '/open-apis/contact/v3/users/:user_id', apiCode: 'lark.contact.user.delete', params: userPath, query: idTypes, answer: z.object({}),
    run: async ({ params, engine, ids }) => {
      await engine('member', 'delete', { guid: memberNamed(ids, 'user_id', params.user_id) });
      return {};
    },
  },
];
