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
}

export const OPEN_API_CALLS = {
  appInfo: { path: '/open/api/v1/app/info', apiCode: 'app.info', summary: "The calling app's own information (no secrets)" },
  departmentTree: { path: '/open/api/v1/department/tree', apiCode: 'department.tree', summary: "The departments of the app's BU, nested", scope: 'contact:department:readonly' },
} as const satisfies Record<string, OpenApiCall>;

export const openApiCalls: readonly OpenApiCall[] = Object.values(OPEN_API_CALLS);
