import { z } from 'zod';
import { LARK_PAGE_SIZE, larkPage, pageOf } from './envelope.ts';
import { fieldViolation, LarkError, NOT_FOUND } from './errors.ts';
import { larkDepartment, larkDepartmentOf } from '../../schemas/lark-contact.ts';
import { batchIds, departmentNamed, idTypes, memberNamed, ROOT, rowsOf } from './ids.ts';
import type { AppIds, EngineCall, LarkCall } from './call.ts';

/** Lark's contact v3 departments on the platform's departments (docs/lark.md "Departments"). */
const READ = 'contact:department:readonly';
const WRITE = 'contact:department:write';

type DepartmentRow = Record<string, unknown> & { guid: string; name: string; parent_guid: string | null; leader_guid: string | null; sort: number; children?: DepartmentRow[] };

const departmentWrite = z.object({
  name: z.string(),
  parent_department_id: z.string().describe('"0" for the top of the BU'),
  leader_user_id: z.string(),
  order: z.union([z.string().regex(/^\d{1,7}$/), z.number().int()]).describe('The sort number'),
});
const createBody = departmentWrite.partial().required({ name: true, parent_department_id: true });
const patchBody = departmentWrite.partial();
const FIELDS = { name: 'name', parent_guid: 'parent_department_id', leader_guid: 'leader_user_id', sort: 'order' };

const departmentInput = (body: z.output<typeof patchBody>, ids: AppIds) => ({
  ...(body.name !== undefined ? { name: body.name } : {}),
  ...(body.parent_department_id !== undefined ? { parent_guid: departmentNamed(ids, 'parent_department_id', body.parent_department_id) } : {}),
  ...(body.leader_user_id !== undefined ? { leader_guid: body.leader_user_id ? memberNamed(ids, 'leader_user_id', body.leader_user_id) : null } : {}),
  ...(body.order !== undefined ? { sort: Number(body.order) } : {}),
});

/** A department a path names to get, change or delete: not the root "0" itself (docs/lark.md, "Not supported"). */
const rowId = (ids: AppIds, value: string) => {
  const id = departmentNamed(ids, 'department_id', value);
  if (id === null) throw new LarkError(99992402, 'field validation failed', 400, { field_violations: [fieldViolation('department_id', 'the root "0" is the BU, not a department')] });
  return id;
};

const departmentPath = z.object({ department_id: z.string() });
const departmentAnswer = z.object({ department: larkDepartment });
const childrenQuery = idTypes.extend({
  fetch_child: z.enum(['true', 'false']).optional().describe('true: every department below, not only the direct children'),
  page_size: z.coerce.number().int().min(1).max(LARK_PAGE_SIZE.max).default(LARK_PAGE_SIZE.default),
  page_token: z.string().max(200).optional(),
});

/** A department and the ones above it in the BU's tree, itself first; none when the BU has no such department. */
const pathTo = (nodes: DepartmentRow[], id: string): DepartmentRow[] => {
  for (const n of nodes) {
    if (n.guid === id) return [n];
    const below = pathTo(n.children ?? [], id);
    if (below.length) return [...below, n];
  }
  return [];
};

/** The departments below one ("0": the BU's top), from the engine's tree of the BU's departments (capped by the definition's listCap). */
const childrenOf = async (engine: EngineCall, id: string | null, all: boolean) => {
  const tree = (await engine('department', 'tree', {})) as DepartmentRow[];
  const top = id === null ? tree : pathTo(tree, id)[0]?.children;
  if (!top) throw NOT_FOUND.department();
  const flat = (nodes: DepartmentRow[]): DepartmentRow[] => nodes.flatMap((n) => [n, ...(all ? flat(n.children ?? []) : [])]);
  return flat(top);
};

const pageQuery = idTypes.extend({
  page_size: z.coerce.number().int().min(1).max(LARK_PAGE_SIZE.max).default(LARK_PAGE_SIZE.default),
  page_token: z.string().max(200).optional(),
});
const listQuery = pageQuery.extend({
  parent_department_id: z.string().default(ROOT).describe('"0" (the default): the top of the BU'),
  fetch_child: z.enum(['true', 'false']).optional().describe('true: every department below, not only the direct children'),
});
const parentQuery = pageQuery.extend({ department_id: z.string() });
const departmentPage = z.object({ has_more: z.boolean(), page_token: z.string().optional(), items: z.array(larkDepartment) });

const common = { scope: READ, notFound: NOT_FOUND.department, fields: FIELDS, references: { parent_guid: NOT_FOUND.department, leader_guid: NOT_FOUND.user } };
export const departmentCalls: LarkCall[] = [
  {
    // What Lark's SDK walks with `department.listWithIterator` (a sync job's first call): as children, the parent in the query.
    ...common, method: 'GET', path: '/open-apis/contact/v3/departments', apiCode: 'lark.contact.department.list', query: listQuery, answer: departmentPage,
    run: async ({ query, engine, ids }) => {
      const { page, size } = pageOf(query.page_token, query.page_size);
      const rows = await childrenOf(engine, departmentNamed(ids, 'parent_department_id', query.parent_department_id), query.fetch_child === 'true');
      return larkPage(rows.slice((page - 1) * size, page * size).map((d) => larkDepartmentOf(d, ids)), page, size, rows.length);
    },
  },
  {
    // The departments above one, its parent first, up to the top of the BU.
    ...common, method: 'GET', path: '/open-apis/contact/v3/departments/parent', apiCode: 'lark.contact.department.parent', query: parentQuery, answer: departmentPage,
    run: async ({ query, engine, ids }) => {
      const { page, size } = pageOf(query.page_token, query.page_size);
      const tree = (await engine('department', 'tree', {})) as DepartmentRow[];
      const id = departmentNamed(ids, 'department_id', query.department_id);
      const path = id === null ? [] : pathTo(tree, id);
      if (!path.length) throw NOT_FOUND.department();
      const above = path.slice(1);
      return larkPage(above.slice((page - 1) * size, page * size).map((d) => larkDepartmentOf(d, ids)), page, size, above.length);
    },
  },
  {
    // The asked departments of the BU, each through the engine's get (`rowsOf`); static, so `batch` is never taken for an id.
    ...common, method: 'GET', path: '/open-apis/contact/v3/departments/batch', apiCode: 'lark.contact.department.batch',
    query: idTypes.extend({ department_ids: batchIds('department id') }), answer: z.object({ items: z.array(larkDepartment) }),
    run: async ({ query, engine, ids }) => ({ items: (await rowsOf<DepartmentRow>(engine, 'department', query.department_ids, (id) => ids.departmentIn('department_ids', id))).map((d) => larkDepartmentOf(d, ids)) }),
  },
  {
    ...common, method: 'GET', path: '/open-apis/contact/v3/departments/:department_id/children', apiCode: 'lark.contact.department.children',
    params: departmentPath, query: childrenQuery, answer: z.object({ has_more: z.boolean(), page_token: z.string().optional(), items: z.array(larkDepartment) }),
    run: async ({ params, query, engine, ids }) => {
      const { page, size } = pageOf(query.page_token, query.page_size);
      const rows = await childrenOf(engine, departmentNamed(ids, 'department_id', params.department_id), query.fetch_child === 'true');
      return larkPage(rows.slice((page - 1) * size, page * size).map((d) => larkDepartmentOf(d, ids)), page, size, rows.length);
    },
  },
  {
    ...common, method: 'GET', path: '/open-apis/contact/v3/departments/:department_id', apiCode: 'lark.contact.department.get', params: departmentPath, query: idTypes, answer: departmentAnswer,
    run: async ({ params, engine, ids }) => ({ department: larkDepartmentOf(await engine('department', 'get', { guid: rowId(ids, params.department_id) }), ids) }),
  },
  {
    ...common, scope: WRITE, method: 'POST', path: '/open-apis/contact/v3/departments', apiCode: 'lark.contact.department.create', query: idTypes, body: createBody, answer: departmentAnswer,
    run: async ({ body, engine, ids }) => ({ department: larkDepartmentOf(await engine('department', 'add', departmentInput(body, ids)), ids) }),
  },
  {
    ...common, scope: WRITE, method: 'PATCH', path: '/open-apis/contact/v3/departments/:department_id', apiCode: 'lark.contact.department.patch', params: departmentPath, query: idTypes, body: patchBody, answer: departmentAnswer,
    run: async ({ params, body, engine, ids }) => ({ department: larkDepartmentOf(await engine('department', 'update', { guid: rowId(ids, params.department_id), ...departmentInput(body, ids) }), ids) }),
  },
  {
    ...common, scope: WRITE, method: 'DELETE', path: '/open-apis/contact/v3/departments/:department_id', apiCode: 'lark.contact.department.delete', params: departmentPath, query: idTypes, answer: z.object({}),
    run: async ({ params, engine, ids }) => {
      await engine('department', 'delete', { guid: rowId(ids, params.department_id) });
      return {};
    },
  },
];
