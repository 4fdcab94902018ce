import type { Lang } from '../../i18n/languages.ts';
import en from '../../i18n/open-api/en.ts';
import hk from '../../i18n/open-api/hk.ts';
import zh from '../../i18n/open-api/zh.ts';
import { resources } from '../../resources/index.ts';
import type { ResourceDef, Verb } from '../../resources/types.ts';

/**
 * The open API's calls as data: what each is, its `api_code` (in the call log) and the scope an
 * app needs opened to make it (none: the app's own information). The definitions' `openApi` make
 * most of them; server/routes/open-api.ts mounts them; the scope tables
 * (`api-field/group-api-detail`) and the debug console list them from here.
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

/** Every verb the definitions open to apps (`openApi`), in registry order. */
export const engineCalls = (defs: readonly { name: string; api: Pick<ResourceDef['api'], 'openApi'> }[]): OpenApiCall[] =>
  defs.flatMap((def) => Object.entries(def.api.openApi ?? {}).map(([verb, scope]) => engine(def.name, verb as Verb, scope)));

/** The calls no definition's verb serves (server/routes/open-api.ts handles each): the app's and its BU's own information, the process engine, messages. */
export const OPEN_API_CALLS = {
  appInfo: { path: '/open/api/v1/app/info', apiCode: 'app.info' },
  processStart: { path: '/open/api/v1/process/start', apiCode: 'process.start', ability: 'process-engine' },
  processGet: { path: '/open/api/v1/process/instance/get', apiCode: 'process.get', ability: 'process-engine' },
  messageSend: { path: '/open/api/v1/message/send', apiCode: 'message.send', scope: 'message:send' },
  buInfo: { path: '/open/api/v1/bu/info', apiCode: 'bu.info', scope: 'org:bu:readonly' },
  workOrderReply: { path: '/open/api/v1/work-order/reply', apiCode: 'work-order.reply', scope: 'service-desk:work-order:write' },
} satisfies Record<string, OpenApiCall>;

export const openApiCalls: readonly OpenApiCall[] = [OPEN_API_CALLS.appInfo, OPEN_API_CALLS.buInfo, ...engineCalls(resources), OPEN_API_CALLS.processStart, OPEN_API_CALLS.processGet, OPEN_API_CALLS.messageSend, OPEN_API_CALLS.workOrderReply];

const SUMMARIES: Record<Lang, Record<string, string>> = { zh, hk, en };
export type OpenApiPath = keyof typeof en;

/** What an open-API call (by path, the token call's too) does, in the reader's language (i18n/open-api). */
export const summaryOf = (lang: Lang, path: string) => SUMMARIES[lang][path] ?? en[path as OpenApiPath] ?? path;
