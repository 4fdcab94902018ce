import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { post, type CallOptions } from './http.ts';
import { prune } from './prune.ts';
import { resourceCalls, type ResourceCalls } from './calls.ts';
import { inReaderWords } from './seeded.ts';
import { tr } from '../i18n/client.ts';
import { language } from './session.ts';

type Row = Record<string, unknown> & { guid: string };
interface Page {
  list: Row[];
  count: number;
  count_capped?: boolean;
}

/** A row as react-admin takes it: with its `id`, and seeded words in the reader's language. */
const recordOf = (rc: ResourceCalls) => (row: Row): RaRecord => ({ ...inReaderWords(rc.def, row), id: row.guid });
/** A call of the route, with the fields its every call carries (a record page's `bu_guid`). */
const send = <T>(rc: ResourceCalls, path: string, body: Record<string, unknown>, options?: CallOptions) => post<T>(path, rc.bound ? { ...body, ...rc.bound } : body, options);
const fields = (rc: ResourceCalls) => new Set(Object.keys(rc.def.json.properties ?? {}));
/** A call that changes something: sent with an Idempotency-Key and retried with it (dataProvider/http.ts). */
const WRITE: CallOptions = { write: true };
const READ_VERBS = new Set(['page', 'list', 'get', 'tree', 'one']);
/** Whether a named call of the mount writes: its action is not `view`, as the server reads it (server/engine/spec.ts `isRead`). */
const writes = (rc: ResourceCalls, segment: string) => {
  const raw = rc.mount.calls[segment];
  if (!raw) return false;
  const spec = typeof raw === 'string' ? { verb: raw } : raw;
  return spec.verb ? !READ_VERBS.has(spec.verb) : (spec.action ?? 'view') !== 'view';
};

/**
 * The call of a verb the route has. A screen never asks for one it lacks (tests/web/screen-walk.test.ts
 * walks them all); should one still, the person reads a sentence, not the developer's "has no get call".
 */
const need = (rc: ResourceCalls, verb: keyof ResourceCalls['verbs']) => {
  const path = rc.verbs[verb];
  if (!path) throw new Error(tr(language(), 'page.not_readable'));
  return path;
};

/** Filters the definition declares, plus `q` as the keyword; empty values mean "no condition". */
export const filterBody = (rc: ResourceCalls, filter: Record<string, unknown> = {}) => {
  const allowed = new Set((rc.def.api.filters ?? []).map((f) => f.field));
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filter)) {
    if (v === '' || v === undefined || v === null) continue;
    if (k === 'q') body.keyword = v;
    else if (allowed.has(k)) body[k] = v;
  }
  return body;
};

const pageOf = async (rc: ResourceCalls, params: Partial<GetListParams>, extra: Record<string, unknown> = {}) => {
  const { page = 1, perPage = 20 } = params.pagination ?? {};
  const sort = params.sort?.field && params.sort.field !== 'id' ? { field: params.sort.field, order: params.sort.order.toLowerCase() } : undefined;
  const body = { ...filterBody(rc, params.filter), ...extra, page, page_size: perPage, ...(sort ? { sort } : {}) };
  if (rc.verbs.page) {
    const res = await send<Page>(rc, rc.verbs.page, body);
    return { data: res.list.map(recordOf(rc)), total: res.count, ...(res.count_capped ? { pageInfo: { hasNextPage: true, hasPreviousPage: page > 1 } } : {}) };
  }
  // A definition with only an unpaged list (capped on the server) is paged here.
  const rows = await send<Row[]>(rc, need(rc, 'list'), body);
  return { data: rows.slice((page - 1) * perPage, page * perPage).map(recordOf(rc)), total: rows.length };
};

/** One row by its `get` call; a route with only an unpaged list (a BU's app-project bindings) finds it there. */
const rowOf = async (rc: ResourceCalls, id: unknown) => {
  if (rc.verbs.get || !rc.verbs.list) return send<Row>(rc, need(rc, 'get'), { guid: id });
  const row = (await send<Row[]>(rc, rc.verbs.list, {})).find((r) => r.guid === id);
  if (!row) throw new Error(tr(language(), 'page.row_gone'));
  return row;
};

/** The fields of an update: only those changed, never create-only or status fields. */
export const changedFields = (rc: ResourceCalls, data: Record<string, unknown>, previous?: Record<string, unknown>) => {
  const skip = new Set([...(rc.def.api.createOnly ?? []), ...(rc.def.api.status ? [rc.def.api.status.field] : [])]);
  const out: Record<string, unknown> = {};
  for (const f of fields(rc)) {
    if (skip.has(f) || !(f in data)) continue;
    if (previous && JSON.stringify(previous[f]) === JSON.stringify(data[f])) continue;
    out[f] = Array.isArray(data[f]) ? prune(data[f]) : data[f];
  }
  return out;
};

/** The create body: the schema's fields that have a value, and an operator's chosen BU. */
export const createBody = (rc: ResourceCalls, data: Record<string, unknown>) =>
  prune(Object.fromEntries([...fields(rc), ...(rc.mount.scope === 'oversight' ? ['bu_guid'] : [])].filter((f) => f in data).map((f) => [f, data[f]]))) as Record<string, unknown>;

export interface ConsoleDataProvider extends DataProvider {
  /** Moves a record through one of its definition's status transitions. */
  /** `extra` carries what the transition takes besides the status, e.g. a rejection's reason. */
  /** A transition through its own call when the mount binds one, else the generic status call. */
  updateStatus(resource: string, params: { id: Identifier; status: number | string; transition?: string; extra?: Record<string, unknown> }): Promise<{ data: RaRecord }>;
  /** A named call of the resource's mount (e.g. a role's `auth`). */
  call<T = unknown>(resource: string, segment: string, body?: unknown, options?: CallOptions): Promise<T>;
  /** Every row through the unpaged list call (tree views). */
  getAll(resource: string, filter?: Record<string, unknown>): Promise<RaRecord[]>;
}

/** react-admin's nine methods over any resource of the registry: no per-entity code. */
export const dataProvider: ConsoleDataProvider = {
  getList: (resource, params) => pageOf(resourceCalls(resource), params) as never,
  getOne: async (resource, { id }) => {
    const rc = resourceCalls(resource);
    return { data: recordOf(rc)(await rowOf(rc, id)) } as never;
  },
  getMany: async (resource, { ids }) => {
    const rc = resourceCalls(resource);
    if (!rc.verbs.get && rc.verbs.list) return { data: (await send<Row[]>(rc, rc.verbs.list, {})).filter((r) => ids.includes(r.guid)).map(recordOf(rc)) } as never;
    const rows = await Promise.all(ids.map((id) => send<Row>(rc, need(rc, 'get'), { guid: id }, { silent: true }).catch(() => null)));
    return { data: rows.filter((r): r is Row => !!r).map(recordOf(rc)) } as never;
  },
  getManyReference: (resource, params) => pageOf(resourceCalls(resource), params, { [params.target]: params.id }) as never,
  create: async (resource, { data }) => {
    const rc = resourceCalls(resource);
    return { data: recordOf(rc)(await send<Row>(rc, need(rc, 'add'), createBody(rc, data), WRITE)) } as never;
  },
  update: async (resource, { id, data, previousData }) => {
    const rc = resourceCalls(resource);
    // A save call finds its singleton by the row it belongs to, which an update does not change.
    const per = rc.def.relations?.singletonPer ? { [rc.def.relations?.singletonPer]: previousData?.[rc.def.relations?.singletonPer] } : {};
    return { data: recordOf(rc)(await send<Row>(rc, need(rc, 'update'), { guid: id, ...per, ...changedFields(rc, data, previousData) }, WRITE)) } as never;
  },
  updateMany: async (resource, { ids, data }) => {
    const rc = resourceCalls(resource);
    await Promise.all(ids.map((id) => send(rc, need(rc, 'update'), { guid: id, ...changedFields(rc, data) }, WRITE)));
    return { data: ids };
  },
  delete: async (resource, { id, previousData }) => {
    const rc = resourceCalls(resource);
    await send(rc, need(rc, 'delete'), { guid: id }, WRITE);
    return { data: (previousData ?? { id }) as never };
  },
  deleteMany: async (resource, { ids }) => {
    const rc = resourceCalls(resource);
    await send(rc, need(rc, 'delete'), { guids: ids }, WRITE);
    return { data: ids };
  },
  updateStatus: async (resource, { id, status, transition, extra }) => {
    const rc = resourceCalls(resource);
    const bound = transition ? rc.transitions[transition] : undefined;
    return { data: recordOf(rc)(await send<Row>(rc, bound ?? need(rc, 'status'), bound ? { ...extra, guid: id } : { ...extra, guid: id, status }, WRITE)) };
  },
  call: (resource, segment, body, options) => {
    const rc = resourceCalls(resource);
    return send(rc, rc.path(segment), (body ?? {}) as Record<string, unknown>, { write: writes(rc, segment), ...options });
  },
  getAll: async (resource, filter) => {
    const rc = resourceCalls(resource);
    // A tree call stands in for a list (one BU's departments for an operator): its nested rows are flattened by the caller.
    return (await send<Row[]>(rc, need(rc, rc.verbs.list || !rc.verbs.tree ? 'list' : 'tree'), filterBody(rc, filter))).map(recordOf(rc));
  },
};
