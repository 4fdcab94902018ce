import type { z } from 'zod';
import type { HandlerName } from './handler-names.ts';
import type { OpenScope } from './scopes.ts';
import type { EventCode } from './event-codes.ts';
import type { MenuCode } from './menus.ts';

/**
 * A resource definition is data only: the server imports it to build tables and calls, the
 * console imports it to build screens. Nothing here may reference server code or React.
 */

/** Who owns a row, and so who may see it. */
export type Scope =
  /** Rows of the platform itself: operators only. */
  | 'platform'
  /** Platform rows that every signed-in user may read, while only operators change them. */
  | 'catalog'
  /** Rows of one business unit: a tenant sees only its current BU's rows. */
  | 'bu'
  /** Rows of one user: the owner only. */
  | 'user'
  /** Operators overseeing every BU's rows (e.g. certification review); tenants never. */
  | 'oversight';

/** The prefix family a call is mounted under. */
export type Side = 'operator' | 'system' | 'tenant';

/** The generic verbs the engine implements for any definition. */
export type Verb = 'page' | 'list' | 'get' | 'add' | 'update' | 'delete' | 'status'
  /** The nested rows of a definition with `tree`. */
  | 'tree'
  /** The owner's single row of a singleton definition (e.g. a BU's password policy), or its defaults. */
  | 'one'
  /** Creates or changes the owner's single row. */
  | 'save';

export interface CallSpec {
  verb?: Verb;
  /** A named server handler for a real business rule (e.g. granting permissions). */
  handler?: HandlerName;
  /** Filters this call requires (e.g. dict list-by-type needs `type`). */
  requires?: string[];
  /** Permission action checked for this call; defaults from the verb. */
  action?: string;
  /** Permission code prefix of this call when it is not the mount's (e.g. a developer call on the BU mount): a node of the menu skeleton. */
  perm?: MenuCode;
  /** Fixed filters this call applies, e.g. parent-list keeps only menus and submenus. */
  where?: Record<string, readonly (string | number | boolean)[]>;
  /** The sort of this call's rows when the body asks none, where it is not the definition's (a picker lists by name). */
  sort?: string;
  /** The body's field naming the row of a `get` besides `guid` (a BU's page names its BU as `bu_guid`). */
  by?: string;
  /**
   * Other names the catalogue gives fields (its query's `appGuid` for `app_guid`): a value under
   * one is read as the field's when the body does not name the field (server/engine/run-call.ts).
   */
  aliases?: Readonly<Record<string, string>>;
  /** No token needed. */
  public?: boolean;
  /** Any signed-in caller of the mount's scope, without the mount's permission (e.g. reading a dictionary). */
  signedIn?: boolean;
  /** The call takes a multipart form (an upload) instead of JSON. */
  form?: boolean;
  /** A status call bound to one named transition of the definition (the body needs only `guid`). */
  transition?: string;
  /**
   * A call on the definition's `selections` (`of`, a union's departments and users at once), with
   * the record's `guid`: `read` answers the chosen rows, `options` the rows one may choose, `save`
   * replaces the choice (a list left out stays) and answers as `read`; `browse` pages the chosen
   * rows with the guid and, without it, the rows any record may choose (a union's member BUs).
   */
  selection?: { call: 'read' | 'options' | 'save' | 'browse'; of: readonly string[] };
  /**
   * A page of rows of another definition naming the record (`guid`) in `by` (a department's
   * members), as the caller's scope reaches them (server/engine/related.ts).
   */
  related?: RowView & { by: string };
}

export interface Mount {
  side: Side;
  /** Path prefix without trailing slash, e.g. `/open/admin/system/role`. */
  base: string;
  scope: Scope;
  /**
   * An operator mount acting on one BU at a time, the one its body names with `bu_guid` (required,
   * a BU that exists): reads keep to that BU's rows, writes land in it. So a BU's page reaches its
   * rows through the generic verbs rather than a handler per call (server/engine/where.ts).
   */
  within?: 'bu_guid';
  /**
   * A `bu` mount over rows no BU owns that name their member BUs in this array field of guids (a
   * union's `bu_guids`): it reaches the rows whose field holds the caller's BU, in place of the
   * `bu_guid` predicate (server/engine/where.ts), so a BU's view of its unions needs no handler.
   */
  member?: string;
  /** Permission code prefix; a call checks `${perm}:${action}`. Absent = any signed-in caller of the scope. */
  perm?: string;
  /**
   * Columns of other definitions' rows this mount answers beside its rows, by answer name (the
   * operators' BU list: its owner's username, its organisation's certification): declared here, so
   * the generic verbs read, sort, search and document them instead of a handler's hand-made join.
   */
  joins?: Readonly<Record<string, Joined>>;
  /**
   * A singleton's answer (`one`) while its owner has no row yet: a blank row (these values, the
   * owner's guid, its joined columns, every other field null) rather than the schema's defaults, so
   * an operator's page of a BU shows the BU (its name, uncertified) before it has organisation info.
   */
  blank?: Readonly<Record<string, string | number | boolean>>;
  /**
   * The fields this mount answers, beside `guid`, when it shows less than its definition holds: a
   * role's holders are read by whoever may view roles, who sees accounts' names, not their phones.
   * Filters and sorts may still use the others.
   */
  answers?: readonly string[];
  /** Values of internal fields this mount reads and writes, e.g. platform users have user_type 0. */
  fixed?: Record<string, string | number | boolean>;
  /** Path segment → verb, or a fuller call spec. */
  calls: Record<string, Verb | CallSpec>;
  /**
   * Console hint: the mount's calls that import a file of rows (multipart `file`, a preview
   * unless `commit` is `true`) and export the filtered list (`{ format: 'csv' | 'xlsx', ...filters }`,
   * answering the file), and the import's template (an XLSX to fill); the list screen offers Import
   * and Export buttons for them, the import dialog the template.
   */
  transfer?: { import?: string; export?: string; template?: string };
}

/** A column of another definition's row (see Mount `joins`): sortable like the row's own. */
export interface Joined {
  /** The definition of the other row. */
  resource: string;
  /**
   * This row's field holding the other row's guid (`user_guid`: a BU's owner), or `{ back }`: the
   * other row's field holding this row's guid (the `org` naming its BU, one per BU), or `{ many }`:
   * this row's array field of the other rows' guids (a union's member BUs), answered as a list of
   * their `field` values in its order, never null, and neither sorted, searched nor filtered.
   */
  on: string | { back: string } | { many: string };
  /** The other row's field answered; never a hidden one (server/engine/joins.ts refuses it). */
  field: string;
  /** With `many`: a second field written in brackets after `field` where the row has one (`name (code)`). */
  detail?: string;
  /** With `many` on a `member` mount: the caller's BU left out (a member BU sees the others). */
  others?: boolean;
  /** Answered when there is no such row (a BU without organisation info is uncertified: 0). */
  fallback?: number;
  /** Searched by `keyword` beside the definition's `keyword` fields. */
  keyword?: boolean;
  /** The list and page calls take it as an exact-match filter. */
  filter?: boolean;
}

/**
 * A screen's menu as the seed, the route table and the consoles read it (`menuScreens`,
 * resources/screens.ts): a `Screen` with a `menu`, its entry's keys beside the screen's own.
 */
export interface ConsoleMenu {
  scene: 'admin' | 'tenant';
  url: string;
  icon?: string;
  parent?: string;
  /**
   * Label key of the page's title, breadcrumb and menu entry; the definition's name otherwise
   * (`menu.<code>` still wins in the operator console's tree where the skeleton labels a node).
   */
  title?: string;
  /** A tenant page (no `parent`): shown only once a BU exists / the organisation is verified. */
  needsBu?: boolean;
  needsVerified?: boolean;
  /** A tenant page in the enterprise section's sidebar. */
  sidebar?: 'enterprise';
  /** A tenant page's place in its section's sidebar, lowest first (resources/pages.ts). */
  order?: number;
  /** A tenant page about the signed-in person's own records: open to every account, granted or not (personal info's kind). */
  ownAccount?: boolean;
  /** The page of one of the screen's records, opened from its row (a BU's page). */
  page?: RecordPage;
  /** The screen's columns in place of the definition's, for what its mount's page call answers besides them. */
  columns?: readonly Column[];
  /** The screen's form schema in place of the definition's, for what its mount's calls take besides its fields (a new BU's owner). */
  schema?: z.ZodObject;
}

/**
 * Console hint: the operator console's page of one record of a mount's screen, at
 * `<menu url>/:id/<tab url>` (a BU's page, spec §2 `/operation/bu/{id}/...`). Each tab goes through a
 * mount of any definition whose calls take the record's guid as `param` (bu-management's `bu_guid`).
 */
export interface RecordPage {
  param: string;
  /** The call of the screen's mount answering the record (by `param`): its title heads the page. */
  get: string;
  /** The field naming the record in `get`, where it is not `param` (an app's `get-app-detail` takes `guid`). */
  getBy?: string;
  tabs: readonly RecordTab[];
}

export interface RecordTab {
  /** Below the record's page, e.g. `sso/password`. */
  url: string;
  /** The definition whose labels, columns and form the tab shows. */
  resource: string;
  /** The base of the mount (of any definition) whose calls the tab makes. */
  base: string;
  /** The field naming the record in this tab's calls, where it is not the page's `param`. */
  param?: string;
  /**
   * `list` (default), `single` (the record's one row: `one`, saved with `save`) or `selection`
   * (rows the record holds as a list of guids, chosen with a picker and saved as a whole: `selection`).
   */
  view?: 'list' | 'single' | 'selection';
  /**
   * A `selection` tab's calls, all of the mount at `base` and taking the record's `param`: `read`
   * answers the chosen rows (a list, a page, or an object holding them at `key`); `options` the rows
   * one may choose, searched by `keyword` (without the record's param when `unbound`); `save` takes
   * the whole choice as `field` (guids). `columns` are fields of those rows, labelled by `resource`
   * (else by the page's definition).
   */
  selection?: { read: string; key?: string; options: string; unbound?: boolean; save: string; field: string; columns: readonly string[] };
  /** The tab's label key; the definition's name otherwise. */
  label?: string;
  actions?: readonly RecordAction[];
  /** Calls of the mount standing in for generic verbs, e.g. `{ add: 'install' }`. */
  verbs?: Partial<Record<Verb, string>>;
  /** The fields the tab's create form takes, when fewer than the definition's (installing names only the app). */
  form?: readonly string[];
  /** A `single` tab's fields shown read-only above its form, once the row exists (an endpoint's keys). */
  shows?: readonly Column[];
  /**
   * Form fields picked from rows of `resource` that `call` (a path of one of its mounts, taking
   * `param` too) answers: the record's own rows, not every row of the definition.
   */
  pickers?: Record<string, { resource: string; call: string }>;
}

/** `scopes`: codes of the open API's scopes, each opening what it unlocks (its APIs and events). */
export type ColumnRender = 'text' | 'status' | 'date' | 'image' | 'reference' | 'tags' | 'boolean' | 'scopes'
  /** An amount in cents, shown in the currency's units. */
  | 'money'
  /** Addresses of uploaded files (`/open/file/{guid}`), each a link. */
  | 'files'
  /** HTML the server rendered and sanitised (a message's body). */
  | 'html'
  /** A page of the console, opened in the app. */
  | 'link'
  /** The name of a definition (a list a column set shapes), shown as its translated name. */
  | 'resource'
  /** A column set's columns: the shown ones in order, by their labels in the row's list (`resource`). */
  | 'column-set'
  /** Field names of the row's definition (`resource`), by their labels (an operation's changed fields). */
  | 'field-names';

export interface Column {
  field: string;
  render?: ColumnRender;
  width?: number;
  sortable?: boolean;
  /** Reference target resource for `reference` columns. */
  reference?: string;
  /** A `date` column of instants whose time zone matters (logs, scheduled publishing): its title names the zone. */
  zone?: boolean;
  /** Offered by the column designer but hidden until a column set shows it (docs/views.md). */
  off?: boolean;
  /** The value links to this page of the site, `{field}` filled from the row (an installed app's store page). */
  to?: string;
  /** With `to`: the link reads this message instead of the value (an installed app's calls into the BU). */
  linkLabel?: string;
}

/** The colour of a coded value's chip: green, grey, red, amber, blue. */
export type Tone = 'success' | 'default' | 'error' | 'warning' | 'info';

export interface Filter {
  field: string;
  /**
   * `eq` exact match (default), `like` substring match, `age`: rows made at least this many days
   * ago (`created_at`), the filter's own name being the input's (a work order's `older_than`);
   * `has`: rows whose array field `of` holds the input's value, the filter's name being the input's
   * (the accounts holding a role: `role_guid` in `role_guids`).
   */
  op?: 'eq' | 'like' | 'age' | 'has';
  /** With `has`: the array field that must hold the value. */
  of?: string;
  /**
   * A condition the list call takes that is no stored field: its input's type (a message's
   * `unread`; a log's window, `from` and `to`, picked as instants).
   */
  type?: 'boolean' | 'datetime';
}

export interface Transition {
  /** Action name; its label is `resources.<name>.actions.<action>`. */
  name: string;
  from: readonly (number | string)[];
  to: number | string;
  /** Ask the person before doing it. Disabling always asks. */
  confirm?: boolean;
  /** Offered only on these sides (operator, system, tenant); absent = every side the definition is mounted on. */
  sides?: readonly Side[];
  /**
   * The column that keeps the person's reason: the call takes it under that name (1–200
   * characters, required) and the console asks for it. Every other transition of the definition
   * clears it, so a reason always belongs to the current state.
   */
  reason?: string;
  /**
   * Internal fields the call takes and writes with the move (a work order's rating and comment),
   * validated by the definition's `internal` schema; required unless that schema makes them optional.
   */
  takes?: readonly string[];
}

export interface StatusActions {
  field: string;
  transitions: readonly Transition[];
}

/** How its rows are kept: read by the server only (never sent to the browser). */
export interface StorageSpec {
  /** Its table; for a `virtual` definition, the table its handlers read. */
  table: string;
  /**
   * No table of its own: every call is a named handler reading other definitions' rows (a BU's view
   * of the unions it is in, its apps' logs). The schema only names what the answers carry.
   */
  virtual?: boolean;
  /**
   * Its `page` is a keyset search, as a log's must be (server/engine/keyset.ts): newest first within
   * `window`, numbered pages up to COUNT_CAP rows and a `cursor` past them, the total capped and
   * counted only when asked, and its `get` answers a row with its exact time; `filters` are the
   * equalities it takes, each with its own schema (a name's length, a scene's values).
   */
  keyset?: { filters: z.ZodObject };
  /** Columns that must be unique within the owner scope. */
  unique?: readonly (readonly string[])[];
  /** Extra indexes (each a list of columns). */
  indexes?: readonly (readonly string[])[];
  /**
   * Rows of other definitions a record holds as a set of guids, keyed by the internal array field
   * keeping them (what a union shares): calls naming a `selection` read, offer and replace them
   * generically (server/engine/selections.ts), so no handler re-derives which rows a record may hold.
   */
  selections?: Record<string, Selection>;
}

/** What a write may give: read by the server only. */
export interface AccessSpec {
  /**
   * Fields through which a write gives privileges. The engine refuses any change that would give
   * more than the caller holds (server/engine/privilege.ts), on every call of every mount.
   */
  privileges?: {
    /** A role type field: its super value gives every permission of the console. */
    roleType?: string;
    /** Permission guids granted to the record (a role's grants, written by its grant call). */
    grants?: string;
    /** Role guids held by the record (an account's roles); nobody changes their own. */
    roles?: string;
    /** A permission code field: writing it needs holding that code. */
    code?: string;
    /** The status value in which the record's privileges take effect; entering it re-checks them. */
    activeStatus?: number | string;
  };
}

/** How its rows point at other rows: the server checks them, the console picks and nests by them. */
export interface RelationsSpec {
  /**
   * A singleton per row of another definition instead of per owner: this reference field (in
   * `references`) names the row, which the caller must reach through its own scope (an app's security).
   */
  singletonPer?: string;
  /**
   * Fields holding guids (one or an array) of rows of another definition; the engine refuses a
   * write naming a row that does not exist within the same owner (BU), so no tenant can point at
   * another tenant's rows.
   */
  references?: Record<string, string>;
  /**
   * Rows nest by this parent field: `tree` lists them nested, writes refuse cycles. `parents`
   * names the rows that may hold others (a permission button holds none); pickers offer only them.
   */
  tree?: { parent: string; parents?: Record<string, readonly (number | string)[]> };
}

/** Its calls: mounts, the open API and events, and what its lists take (search, filters, sort, status moves). */
export interface ApiSpec {
  /** Fields that form the create body but are never updated (e.g. username, password). */
  createOnly?: readonly string[];
  /** Fields searched by `keyword` (ILIKE). */
  keyword?: readonly string[];
  filters?: readonly Filter[];
  /**
   * A search window (a log's): the `datetime` filters `from` and `to` may be at most `days` apart.
   * The server refuses a wider window; the list's filter refuses it first, inline, and keeps the
   * last result (docs/console.md, "A log's window").
   */
  window?: { from: string; to: string; days: number };
  /** Default sort `field` or `-field` for descending; several keys by commas (`-is_owner,-joined_at`). */
  sort?: string;
  status?: StatusActions;
  mounts: readonly Mount[];
  /** Sentence key when a call needs the owner's single row (e.g. applying for certification) and there is none yet. */
  missing?: string;
  /** Cap for unpaged lists. */
  listCap?: number;
  /**
   * Event types the engine emits when a BU's row changes (a status change is an update), written to
   * the outbox in the change's own transaction (docs/events.md); the event is `{ object, old_object }`,
   * in Lark's shape when `shape` says so.
   */
  events?: {
    /** The scope an app needs opened to receive them (resources/scopes.ts). */
    scope: OpenScope;
    created?: EventCode;
    updated?: EventCode;
    deleted?: EventCode;
    /** Lark's shape of the pushed `object` (schemas/lark-contact.ts); without one the event carries the platform's row. */
    shape?: import('../schemas/lark-contact.ts').EventShape;
  };
  /**
   * The open API (docs/apps.md): the verbs of its BU mount apps may call, at
   * `/open/api/v1/<name>/<verb>` (`add` is `create`), each with the scope an app needs opened
   * (resources/scopes.ts). The call goes through the engine as the app's BU: the console's schema,
   * rules and scope, logged in the app's call log.
   */
  openApi?: Partial<Record<Verb, OpenScope>>;
  /**
   * Operators add columns to this definition at run time (staff's custom fields, rows of
   * `custom-field` whose `resource` is this name): the engine and the console extend the schema,
   * columns and filters with them (resources/custom-fields.ts). `call` is the segment of each mount
   * answering the fields as its caller sees them (a BU sees only those it enabled).
   */
  customFields?: { call: string };
}

/** How the consoles show it: columns, titles, tones, menus, screens and record pages. */
export interface AdminSpec {
  columns: readonly Column[];
  /**
   * The words of a list's delete where the thing is not deleted but ended (an installed app is
   * uninstalled): `record_actions.<name>.<deletes>` labels the button, `…_title` and `…_content`
   * the confirmation.
   */
  deletes?: string;
  /** The field naming a record on screens (pickers, references, confirmations), like Payload's `useAsTitle`. */
  titleField?: string;
  /** How coded values look in lists: field → value → tone (unlisted values are `default`, grey). */
  tones?: Record<string, Record<string, Tone>>;
  /**
   * Messages that name a record on screens instead of its `titleField` value, for rows seeded in
   * the default language (menus, buttons): `{field}` is the record's value, `{field:last}` its last
   * `:`-separated part; the first message that exists, among those whose `when` the record meets, wins.
   */
  labelKeys?: readonly { key: string; when?: Record<string, readonly (number | string)[]> }[];
  /**
   * Console hint: a grant screen where a record is granted rows of `resource` (shown as that
   * resource's tree), read through the `read` call and replaced through the `write` call, both
   * taking `{ guid }` and answering or taking the guids in `field`; `filter` narrows the rows.
   */
  grants?: {
    resource: string; read: string; write: string; field: string; filter?: Record<string, string | number>;
    /** The read call also answers the grantable rows under this key (tenants cannot list permissions). */
    rowsIn?: string;
  };
  /**
   * Console hint: the record keeps versions, read through these calls of its mount (`list` takes
   * `{ guid }` of the record, `one` of a version and answers its `diff`); the console shows them
   * with a restore (an update with the version's fields).
   */
  history?: { list: string; one: string };
  /** Console hint: fields the details page shows after the columns (a work order's description). */
  details?: readonly Column[];
  /**
   * Console hint: the record has a conversation, rows of `resource` whose `field` names it, which
   * its `get` answers as `records` (oldest first); the console shows them as a timeline with a
   * reply form sent to `reply`, a call of `resource`'s mount on the same side.
   */
  conversation?: {
    resource: string;
    field: string;
    reply: string;
    /** The side the screen's own entries are written as, where it is not the mount's (a service provider's: `provider`). */
    side?: string;
  };
  /**
   * Console hint: rows of other definitions that name this record in `field` (an order's payments),
   * listed on its details page through `list` of that definition's mount on the same side, with its
   * add, edit and delete where that mount has them.
   */
  related?: readonly { resource: string; field: string }[];
  /** Field labels given as text rather than message keys (a custom field's display name). */
  labels?: Readonly<Record<string, string>>;
  /**
   * Its console screens, in both consoles, in one list: where each lives, the mount it goes
   * through and the menu node (and tenant page) it makes (`Screen`). `menuScreens` and
   * `tenantScreensOf` (resources/screens.ts) read it for the seed, the route table and the consoles.
   */
  screens?: readonly Screen[];
}

/**
 * One entity, grouped like Payload's collection config: its fields at the top, then how its rows
 * are kept (`storage`), what a write may give (`access`), how rows point at others (`relations`),
 * its calls (`api`) and its screens (`admin`). The browser takes `relations`, `api` and `admin`
 * (resources/console-defs.ts); `storage` and `access` stay on the server.
 */
export interface ResourceDef<S extends z.ZodObject = z.ZodObject, N extends string = string> {
  /** Registry key and i18n key: `resources.<name>`. */
  name: N;
  /** Editable fields of the entity; server-managed fields are added by the engine. */
  schema: S;
  /** Columns the server keeps but never takes from a body (set by mounts or handlers). */
  internal?: z.ZodObject;
  storage: StorageSpec;
  access?: AccessSpec;
  relations?: RelationsSpec;
  api: ApiSpec;
  admin: AdminSpec;
}

/** Rows of another definition as a call answers them (server/engine/row-view.ts). */
export interface RowView {
  /** The definition whose rows are answered. */
  target: string;
  /** Its columns answered (its guid first), and names of the rows they reference joined beside them (`bu_name`: `bu_guid`'s). */
  columns: readonly string[];
  names?: Record<string, { field: string; of: string }>;
  /** Columns or names in order (`-` descending, ` nulls first`); the guid breaks ties. */
  order: readonly string[];
}

/** One of a definition's `selections`: which rows a record may hold, and how they are answered. */
export interface Selection extends RowView {
  /** Where a `read` call answers the chosen rows (beside their guids, under the field's name). */
  key: string;
  /** Only rows whose `bu_guid` the record names in this field (a union's member BUs), else any row; `platform`: the platform's own rows (no BU) too. */
  within?: string;
  platform?: boolean;
  /** What a row must hold to be newly chosen (an enabled app); one already chosen stays allowed. */
  joins?: Record<string, readonly (number | string)[]>;
  /** The most guids a record holds; a choice of more is refused. */
  max: number;
  /** What `options` and `browse` calls search by `keyword`, and the filters `options` takes (input name → uuid column of the target). */
  keyword: readonly string[];
  filters?: Record<string, string>;
  /** An `options` call answers every row up to this many (departments, picked from a tree) instead of a page. */
  whole?: number;
  /** The refusal's sentence key when a chosen guid is outside; `{field}` is the field's label. */
  outside: string;
}

/** A named call offered on a record (a row, or a single record's page), taking `{ guid }` plus its input. */
export interface RecordAction {
  /** Label key `resources.<name>.actions.<name>`. */
  name: string;
  /** Path segment of the mount, e.g. `child-freeze`. */
  call: string;
  /** Offered only while the record's fields hold one of these values. */
  when?: Record<string, readonly (number | string | boolean)[]>;
  confirm?: boolean;
  /** A field asked for in a dialog before the call, holding guids of `reference` rows. */
  input?: { field: string; reference: string };
  /** The call takes no body (a single record of the caller's BU). */
  noBody?: boolean;
  /** Fixed fields the call takes besides `guid` (the state an operator certifies a BU into). */
  body?: Record<string, string | number | boolean>;
  /** Fields the call takes as a one-item list of a field of the row (`{ group_codes: 'code' }`: the scope's code). */
  rowList?: Record<string, string>;
  /** Fields the call takes as the row holds them (`{ scopes: 'pending_scopes' }`: a buyer consents to what the row shows). */
  rowFields?: Record<string, string>;
}

/** A call on a whole list, taking a fixed body (label `list_actions.<definition>.<name>`, then `…_done`). */
export interface ListAction {
  name: string;
  /** Path segment of the screen's mount. */
  call: string;
  body?: Record<string, unknown>;
  confirm?: boolean;
}

/**
 * Console hint: where and how the tenant console (`/account/...`, `/business/...`) shows a definition, through its
 * BU-side mount. Screens whose URLs lie under one page are that page's tabs.
 */
export interface TenantScreen {
  url: string;
  /** The tab's label key, when a page has several screens of one definition; the definition's name otherwise. */
  label?: string;
  /** `list` (a tree for definitions with `tree`), `single` (the BU's one row), `counts` (a call answering `{ counts }`). */
  view?: 'list' | 'single' | 'counts';
  /** The call of a `counts` view. */
  call?: string;
  /** Calls standing in for generic verbs on this mount, e.g. `{ add: 'child-add' }`. */
  verbs?: Partial<Record<Verb, string>>;
  actions?: readonly RecordAction[];
  /** Replaces the definition's `grants` here (BU roles grant tenant menus). */
  grants?: ResourceDef['admin']['grants'];
  /** Calls on the whole list, offered above it (mark every message read). */
  listActions?: readonly ListAction[];
  /** Needs a current BU (shown as an empty state without one). */
  needsBu?: boolean;
  /**
   * A `single` view's live check of the saved row (SSO's "Test connection"): a call of the mount
   * answering `{ ok, message, items: [{ label, value, copy? }] }`, offered as a button above the form.
   */
  check?: string;
  /** A `single` view's own panel beside the form: `sso`, the SSO settings' domain proofs, cleared secret and unlink confirmation (src/console/SsoPanel.tsx). */
  panel?: 'sso';
  /** Creating a row here reloads the BU list and selects the new BU when none is current. */
  selectsBu?: boolean;
  /** The account types the screen is for (1 main, 2 sub; every tenant when absent): the others do not see its tab. */
  userTypes?: readonly number[];
  /** A row, and a row just created, open this page (`:id` the row's guid): an app opens its own pages. */
  opens?: string;
  /** The BU-side mount this screen goes through, by its base (default: the definition's first). */
  mount?: string;
  /** The details page's last segment in place of `show`, as the spec names it (`info`: `/account/order/{id}/info`). */
  details?: string;
  /** An empty list's next step: a link (label key, path) to where its rows come from (enterprise apps and orders: the store). */
  next?: { label: string; to: string };
  /**
   * A call answering `{ totals: { month, currency, amount, count }[] }` (amounts in cents), shown
   * above the list as totals by month (a BU's expenses).
   */
  totals?: string;
}

/**
 * One console screen of a definition, in either console: where it lives (`scene`, `url`), the
 * mount it goes through (`mount`, by base; absent, the console takes the definition's mount for
 * that scene), and with `menu` the menu node it makes, a tenant page too when it has no `parent`
 * (the seed makes the node's code the mount's permission prefix). A tenant screen's other keys say
 * what it shows (TenantScreen); `page`, `columns` and `schema` shape an operator's list screen.
 */
export interface Screen extends Omit<TenantScreen, 'url' | 'mount'> {
  scene: 'admin' | 'tenant';
  url: string;
  mount?: string;
  menu?: MenuEntry;
  /** Only the menu node and its page: what the page shows are other screens (its tabs, or another definition's). */
  menuOnly?: boolean;
  page?: RecordPage;
  columns?: readonly Column[];
  schema?: z.ZodObject;
}

/** The menu entry a screen makes: its icon, place, title, and (a tenant page) when it shows and where. */
export type MenuEntry = Pick<ConsoleMenu, 'icon' | 'parent' | 'title' | 'needsBu' | 'needsVerified' | 'sidebar' | 'order' | 'ownAccount'>;

export const CRUD = { page: 'page', get: 'get', add: 'add', update: 'update', delete: 'delete' } as const;
