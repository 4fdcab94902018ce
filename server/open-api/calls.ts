import type { Lang } from '../../i18n/languages.ts';
import en from '../../i18n/open-api/en.ts';
import hk from '../../i18n/open-api/hk.ts';
import zh from '../../i18n/open-api/zh.ts';
import type { Verb } from '../../resources/types.ts';

/**
 * The open API's calls as data: what each is, its `api_code` (in the call log) and the scope an
 * app needs opened to make it (none: the app's own information). server/routes/open-api.ts mounts
 * them; the scope tables (`api-field/group-api-detail`) list them from here.
 */
export interface OpenApiCall {
  path: string;
  apiCode: string;
  scope?: string;
  /**
   * Served by the engine: this definition's verb through its BU mount, as the app's BU. The
   * console's schemas, rules and scope apply unchanged, so the two cannot drift apart.
   */
  resource?: string;
  verb?: Verb;
  /** An ability the app must have bound (its ability page) to make the call. */
  ability?: string;
}

const engine = (resource: string, verb: Verb, scope: string): OpenApiCall => ({
  path: `/open/api/v1/${resource}/${verb === 'add' ? 'create' : verb}`, apiCode: `${resource}.${verb}`, scope, resource, verb,
});

export const OPEN_API_CALLS = {
  appInfo: { path: '/open/api/v1/app/info', apiCode: 'app.info' },
  departmentTree: engine('department', 'tree', 'contact:department:readonly'),
  memberPage: engine('member', 'page', 'contact:member:readonly'),
  memberGet: engine('member', 'get', 'contact:member:readonly'),
  memberAdd: engine('member', 'add', 'contact:member:write'),
  memberUpdate: engine('member', 'update', 'contact:member:write'),
  positionPage: engine('position', 'page', 'contact:position:readonly'),
  companyPage: engine('company', 'page', 'org:company:readonly'),
  projectPage: engine('project', 'page', 'org:project:readonly'),
  processStart: { path: '/open/api/v1/process/start', apiCode: 'process.start', ability: 'process-engine' },
  processGet: { path: '/open/api/v1/process/instance/get', apiCode: 'process.get', ability: 'process-engine' },
} satisfies Record<string, OpenApiCall>;

export const openApiCalls: readonly OpenApiCall[] = Object.values(OPEN_API_CALLS);

const SUMMARIES: Record<Lang, Record<string, string>> = { zh, hk, en };
export type OpenApiPath = keyof typeof en;

/** What an open-API call (by path, the token call's too) does, in the reader's language (i18n/open-api). */
export const summaryOf = (lang: Lang, path: string) => SUMMARIES[lang][path] ?? en[path as OpenApiPath] ?? path;
