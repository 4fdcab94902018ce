/** What each open-API call does, by path: the OpenAPI document, the scope tables and the docs show it in the reader's language. */
export default {
  '/open/api/auth/app-access-token': "An app's access token for its id and secret (reused while 30 minutes or more are left)",
  '/open/api/v1/app/info': "The calling app's own information (no secrets)",
  '/open/api/v1/department/tree': "The departments of the app's BU, nested",
  '/open/api/v1/member/page': "A page of the BU's members (filters: name, department, position, account type, duty status)",
  '/open/api/v1/member/get': 'One member by guid',
  '/open/api/v1/member/create': 'Add a member to the BU',
  '/open/api/v1/member/update': 'Change a member (the fields given)',
  '/open/api/v1/position/page': "A page of the BU's positions",
  '/open/api/v1/company/page': "A page of the BU's companies",
  '/open/api/v1/project/page': "A page of the BU's projects",
  '/open/api/v1/process/start': "Start a run of one of the BU's approval processes (by its code) for the BU's approvers to decide",
  '/open/api/v1/process/instance/get': 'A run the app started: its state, waiting step and history',
} as const;
