import type { Verb } from '../../resources/types.ts';

/**
 * The open API's calls as data: what each is, its `api_code` (in the call log) and the scope an
 * app needs opened to make it (none: the app's own information). server/routes/open-api.ts mounts
 * them; the scope tables (`api-field/group-api-detail`) list them from here.
 */
export interface OpenApiCall {
  path: string;
  apiCode: string;
  summary: string;
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

const engine = (resource: string, verb: Verb, scope: string, summary: string): OpenApiCall => ({
  path: `/open/api/v1/${resource}/${verb === 'add' ? 'create' : verb}`, apiCode: `${resource}.${verb}`, summary, scope, resource, verb,
});

export const OPEN_API_CALLS = {
  appInfo: { path: '/open/api/v1/app/info', apiCode: 'app.info', summary: "The calling app's own information (no secrets)" },
  departmentTree: engine('department', 'tree', 'contact:department:readonly', "The departments of the app's BU, nested"),
  memberPage: engine('member', 'page', 'contact:member:readonly', "A page of the BU's members (filters: name, department, position, account type, duty status)"),
  memberGet: engine('member', 'get', 'contact:member:readonly', 'One member by guid'),
  memberAdd: engine('member', 'add', 'contact:member:write', 'Add a member to the BU'),
  memberUpdate: engine('member', 'update', 'contact:member:write', 'Change a member (the fields given)'),
  positionPage: engine('position', 'page', 'contact:position:readonly', "A page of the BU's positions"),
  companyPage: engine('company', 'page', 'org:company:readonly', "A page of the BU's companies"),
  projectPage: engine('project', 'page', 'org:project:readonly', "A page of the BU's projects"),
  processStart: { path: '/open/api/v1/process/start', apiCode: 'process.start', ability: 'process-engine', summary: "Start a run of one of the BU's approval processes (by its code) for the BU's approvers to decide" },
  processGet: { path: '/open/api/v1/process/instance/get', apiCode: 'process.get', ability: 'process-engine', summary: 'A run the app started: its state, waiting step and history' },
} satisfies Record<string, OpenApiCall>;

export const openApiCalls: readonly OpenApiCall[] = Object.values(OPEN_API_CALLS);
