import { z } from 'zod';
import { LARK_PAGE_SIZE, larkPage, pageOf } from './envelope.ts';
import { NOT_FOUND } from './errors.ts';
import { batchIds, departmentOf, guidOf, idTypes, ROOT, rowsOf } from './ids.ts';
import type { EngineCall, LarkCall } from './call.ts';

/** Lark's contact v3 departments on the platform's departments (docs/lark.md "Departments"). */
const READ = 'contact:department:readonly';
const WRITE = 'contact:department:write';

export const larkDepartment = z.object({
  open_department_id: z.uuid(),
  department_id: z.uuid(),
  name: z.string(),
  parent_department_id: z.string().describe('"0" for a department at the top of the BU'),
  leader_user_id: z.string().optional(),
  order: z.string().describe('The sort number, as text (Lark\'s type)'),
  status: z.object({ is_deleted: z.boolean() }),
});

type DepartmentRow = Record<string, unknown> & { guid: string; name: string; parent_guid: string | null; leader_guid: string | null; sort: number; children?: DepartmentRow[] };

export const departmentOfRow = (d: DepartmentRow): z.output<typeof larkDepartment> => ({
  open_department_id: d.guid,
  department_id: d.guid,
  name: d.name,
  parent_department_id: d.parent_guid ?? ROOT,
  ...(d.leader_guid ? { leader_user_id: d.leader_guid } : {}),
  order: String(d.sort ?? 0),
  status: { is_deleted: false },
});

const departmentWrite = z.object({
  name: z.string(),
  parent_department_id: z.string().describe('"0" for the top of the BU'),
  leader_user_id: z.string(),
  order: z.union([z.string().regex(/^\d{1,7}$/), z.number().int()]).describe('The sort number'),
});
const createBody = departmentWrite.partial().required({ name: true, parent_department_id: true });
const patchBody = departmentWrite.partial();
const FIELDS = { name: 'name', parent_guid: 'parent_department_id', leader_guid: 'leader_user_id', sort: 'order' };

const departmentInput = (body: z.output<typeof patchBody>) => ({
  ...(body.name !== undefined ? { name: body.name } : {}),
  ...(body.parent_department_id !== undefined ? { parent_guid: departmentOf('parent_department_id', body.parent_department_id) } : {}),
  ...(body.leader_user_id !== undefined ? { leader_guid: body.leader_user_id ? guidOf('leader_user_id', body.leader_user_id) : null } : {}),
  ...(body.order !== undefined ? { sort: Number(body.order) } : {}),
});

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

const common = { scope: READ, notFound: NOT_FOUND.department, fields: FIELDS };
export const departmentCalls: LarkCall[] = [
  {
    // What Lark's SDK walks with `department.listWithIterator` (a sync job's first call): as children, the parent in the query.
    ...common, method: 'GET', path: '/open-apis/contact/v3/departments', apiCode: 'lark.contact.department.list', query: listQuery, answer: departmentPage,
    run: async ({ query, engine }) => {
      const { page, size } = pageOf(query.page_token, query.page_size);
      const rows = await childrenOf(engine, departmentOf('parent_department_id', query.parent_department_id), query.fetch_child === 'true');
      return larkPage(rows.slice((page - 1) * size, page * size).map(departmentOfRow), page, size, rows.length);
    },
  },
  {
    // The departments above one, its parent first, up to the top of the BU.
    ...common, method: 'GET', path: '/open-apis/contact/v3/departments/parent', apiCode: 'lark.contact.department.parent', query: parentQuery, answer: departmentPage,
    run: async ({ query, engine }) => {
      const { page, size } = pageOf(query.page_token, query.page_size);
      const tree = (await engine('department', 'tree', {})) as DepartmentRow[];
      const path = pathTo(tree, guidOf('department_id', query.department_id));
      if (!path.length) throw NOT_FOUND.department();
      const above = path.slice(1);
      return larkPage(above.slice((page - 1) * size, page * size).map(departmentOfRow), page, size, above.length);
    },
  },
  {
    // The asked departments of the BU, each through the engine's get (`rowsOf`); static, so `batch` is never taken for an id.
    ...common, method: 'GET', path: '/open-apis/contact/v3/departments/batch', apiCode: 'lark.contact.department.batch',
    query: idTypes.extend({ department_ids: batchIds('department id') }), answer: z.object({ items: z.array(larkDepartment) }),
    run: async ({ query, engine }) => ({ items: (await rowsOf<DepartmentRow>(engine, 'department', query.department_ids)).map(departmentOfRow) }),
  },
  {
    ...common, method: 'GET', path: '/open-apis/contact/v3/departments/:department_id/children', apiCode: 'lark.contact.department.children',
    params: departmentPath, query: childrenQuery, answer: z.object({ has_more: z.boolean(), page_token: z.string().optional(), items: z.array(larkDepartment) }),
    run: async ({ params, query, engine }) => {
      const { page, size } = pageOf(query.page_token, query.page_size);
      const rows = await childrenOf(engine, departmentOf('department_id', params.department_id), query.fetch_child === 'true');
      return larkPage(rows.slice((page - 1) * size, page * size).map(departmentOfRow), page, size, rows.length);
    },
  },
  {
    ...common, method: 'GET', path: '/open-apis/contact/v3/departments/:department_id', apiCode: 'lark.contact.department.get', params: departmentPath, query: idTypes, answer: departmentAnswer,
    run: async ({ params, engine }) => ({ department: departmentOfRow(await engine('department', 'get', { guid: guidOf('department_id', params.department_id) })) }),
  },
  {
    ...common, scope: WRITE, method: 'POST', path: '/open-apis/contact/v3/departments', apiCode: 'lark.contact.department.create', query: idTypes, body: createBody, answer: departmentAnswer,
    run: async ({ body, engine }) => ({ department: departmentOfRow(await engine('department', 'add', departmentInput(body))) }),
  },
  {
    ...common, scope: WRITE, method: 'PATCH', path: '/open-apis/contact/v3/departments/:department_id', apiCode: 'lark.contact.department.patch', params: departmentPath, query: idTypes, body: patchBody, answer: departmentAnswer,
    run: async ({ params, body, engine }) => ({ department: departmentOfRow(await engine('department', 'update', { guid: guidOf('department_id', params.department_id), ...departmentInput(body) })) }),
  },
  {
    ...common, scope: WRITE, method: 'DELETE', path: '/open-apis/contact/v3/departments/:department_id', apiCode: 'lark.contact.department.delete', params: departmentPath, query: idTypes, answer: z.object({}),
    run: async ({ params, engine }) => {
      await engine('department', 'delete', { guid: guidOf('department_id', params.department_id) });
      return {};
    },
  },
];
