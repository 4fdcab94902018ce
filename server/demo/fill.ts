import type { FastifyInstance } from 'fastify';
import en from '../../i18n/demo/en.ts';
import hk from '../../i18n/demo/hk.ts';
import zh from '../../i18n/demo/zh.ts';
import { LANGUAGES, type Lang } from '../../i18n/languages.ts';
import { inAllLanguages } from '../../schemas/translated.ts';
import { randomPassword } from '../seed/seed.ts';
import { imageForm, licenceSvg } from './licence.ts';
import type { EventCode } from '../../resources/event-codes.ts';
import { allowApp } from './sign-in-with.ts';

/** The words the demo types, in the language it fills the database in (i18n/demo/). */
const WORDS = { zh, hk, en } as const;
/** The five featured store apps (spec §1), as the home page asks for them by code. */
const FEATURED = ['SERVICE', 'ENGAGE', 'CONNECT', 'PROVISION', 'LEASE'] as const;
/** Which classification and labels each featured app is listed with, and its price in cents and cycle. */
const LISTED = {
  SERVICE: { category: 'service', labels: ['popular', 'trial'], price: 19900, cycle: 1 },
  ENGAGE: { category: 'growth', labels: ['new'], price: 9900, cycle: 1 },
  CONNECT: { category: 'operations', labels: ['popular'], price: 0, cycle: 0 },
  PROVISION: { category: 'operations', labels: ['trial'], price: 199900, cycle: 2 },
  LEASE: { category: 'operations', labels: ['new'], price: 29900, cycle: 1 },
} as const;
/** The scopes the demo's own app applies for, and the events it subscribes to. */
const SCOPES = ['contact:department:readonly', 'contact:member:readonly'];
const EVENTS: EventCode[] = ['contact.department.created_v3', 'contact.user.created_v3', 'contact.user.updated_v3'];
/** What the demo's role may do: the organisation pages, departments and members. */
const PEOPLE_GRANTS = /^tenant:(organize|department|member)(:|$)/;
const VIEWER_GRANTS = /^tenant:(organize$|department$|department:view|member$|member:view)/;
/** What product staff may do in the operator console: the store, apps, documents, announcements and the lists' columns and views. */
const PRODUCT_GRANTS = /^admin:(operation|system|store|app|document|announcement|column|view)(:|$)/;
/** Where the demo's apps say their sign-ins return (their redirect URLs): addresses of the apps, not of the platform. */
const OWN_APP_CALLBACK = 'https://hr.northwind.example/callback';
const PROVIDER_APP_CALLBACK = 'https://rostersync.example/callback';
/** A valid unified social credit code (spec §5), for the certification. */
const CREDIT_CODE = '91350100M000100Y43';

export interface DemoAccount {
  role: string;
  username: string;
  password: string;
  url: string;
}

/**
 * Fills the database through the calls the screens make, in `lang`, so every list a persona can
 * open has a row (the screen sweep, tests/helpers/screen-sweep.ts, holds it to that): a tenant
 * whose BU is certified (its licence attached) and a second whose certification waits for review;
 * departments, members, roles, a project, a dictionary and an approval process; a member (a
 * sub-account holding the people role) and an administrator (one holding every grant); a
 * self-built app with scopes opened and events subscribed; the five featured store apps listed in
 * classifications with their introductions and labels, the free one in use by the tenant (granted
 * member and department reads); a service provider (its own BU) whose store app was approved
 * and installed by the tenant, its next version waiting in the review queue; people who signed in
 * to apps with the platform (the owner, member and administrator to the BU's own app, the
 * provider to its own: *Authorised apps* and the BU's members' authorisations); orders
 * of each kind, one paid; an announcement, work orders answered by an operator; the platform's
 * dictionary, a staff field, a union of the two BUs, a published view; product staff (an operator
 * holding the product role) with their own columns. `operator` is an operator's token;
 * `mailedTo` the text of the latest mail the server sent an address (the sign-up code and the
 * activation link are read there).
 */
export const fillDemo = async (app: FastifyInstance, operator: string, mailedTo: (to: string) => string | undefined, lang: Lang): Promise<DemoAccount[]> => {
  const w = WORDS[lang];
  const call = async <T = any>(path: string, body: Record<string, unknown>, token?: string): Promise<T> => {
    const res = await app.inject({ method: 'POST', url: path, payload: body, headers: { 'accept-language': LANGUAGES[lang], ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    const envelope = res.json() as { code: number; data: T; message: string };
    if (envelope.code !== 200) throw new Error(`${path}: ${envelope.message ?? res.statusCode}`);
    return envelope.data;
  };
  const op = <T = any>(path: string, body: Record<string, unknown>) => call<T>(path, body, operator);
  const mailed = (to: string, pattern: RegExp) => {
    const found = pattern.exec(mailedTo(to) ?? '');
    if (!found) throw new Error(`nothing was mailed to ${to}`);
    return found[1];
  };

  /** A main account signs up with the code mailed to it, creates its BU and works in it: the BU and its token. */
  const signUp = async (owner: { username: string; password: string; email: string }, buName: string) => {
    await call('/open/system/user/send-email-verification-code', { email: owner.email });
    const code = mailed(owner.email, /\b(\d{6})\b/);
    const signedUp = await call<{ token: string }>('/open/sys-auth/register-account', { ...owner, confirm_password: owner.password, code, agree: true });
    const bu = await call<{ guid: string }>('/open/system/bu/add', { name: buName }, signedUp.token);
    const { token } = await call<{ token: string }>('/open/system/user-bu/select', { guid: bu.guid }, signedUp.token);
    return { bu, token };
  };
  /** The BU's certification with its licence, uploaded as the form's image input uploads it, applied for. */
  const applyWithLicence = async (token: string, company: { company_name: string }) => {
    const form = imageForm({ resource: 'org', field: 'license_url' }, 'licence.svg', licenceSvg(w.licence, company.company_name, CREDIT_CODE));
    const res = await app.inject({ method: 'POST', url: '/open/file/image-upload', payload: form.payload, headers: { 'content-type': form.contentType, 'accept-language': LANGUAGES[lang], authorization: `Bearer ${token}` } });
    const uploaded = res.json() as { code: number; data: { url: string }; message: string };
    if (uploaded.code !== 200) throw new Error(`/open/file/image-upload: ${uploaded.message ?? res.statusCode}`);
    await call('/open/system/org/add', { ...company, credit_code: CREDIT_CODE, license_url: uploaded.data.url }, token);
    await call('/open/system/org/apply-auth', {}, token);
  };

  // The owner signs up, creates the BU and works in it.
  const owner = { username: 'demo_owner', password: randomPassword(), email: 'demo_owner@example.com' };
  const { bu, token } = await signUp(owner, w.bu);
  const tenant = <T = any>(path: string, body: Record<string, unknown>) => call<T>(path, body, token);

  // Certification: the owner applies with the licence, an operator approves.
  await applyWithLicence(token, w.company);
  const [application] = (await op<{ list: { guid: string }[] }>('/open/admin/org/list', { bu_guid: bu.guid, page: 1, page_size: 1 })).list;
  await op('/open/admin/org/update-status', { guid: application.guid, status: 2 });
  // A second company applies too and waits for review: the operator's review shows it beside the first.
  const other = await signUp({ username: 'demo_other_owner', password: randomPassword(), email: 'demo_other_owner@example.com' }, w.other.bu);
  await applyWithLicence(other.token, w.other.company);

  // Departments, roles with their grants, members and a sub-account who signs in.
  const head = await tenant<{ guid: string }>('/open/system/department/add', { name: w.departments.head });
  const departments: Record<string, string> = { head: head.guid };
  for (const key of ['sales', 'engineering'] as const) departments[key] = (await tenant<{ guid: string }>('/open/system/department/add', { name: w.departments[key], parent_guid: head.guid })).guid;
  const roles: Record<string, string> = {};
  for (const [key, grants] of [['people', PEOPLE_GRANTS], ['viewer', VIEWER_GRANTS]] as const) {
    const role = await tenant<{ guid: string }>('/open/system/role/add', w.roles[key]);
    const tree = await tenant<{ list: { guid: string; code: string }[] }>('/open/system/role/auth-list', { guid: role.guid });
    await tenant('/open/system/role/auth', { guid: role.guid, permission_guids: tree.list.filter((p) => grants.test(p.code)).map((p) => p.guid) });
    roles[key] = role.guid;
  }
  for (const m of w.members) await tenant('/open/system/member/add', { name: m.name, job_number: m.job_number, department_guid: departments[m.department] });
  const sub = { username: 'demo_member', password: randomPassword(), email: 'demo_member@example.com' };
  await tenant('/open/system/user/child-add', { username: sub.username, name: w.sub_account, email: sub.email, role_guids: [roles.people] });
  await call('/open/system/user/child-set', { token: mailed(sub.email, /token=([A-Za-z0-9_-]+)/), password: sub.password, confirm_password: sub.password });

  // The store: labels, classifications, the five featured apps listed in them, written in every
  // language (schemas/translated.ts): the demo's own in the default fields, the others' beside them.
  const inEvery = <T extends Record<string, string>>(words: (d: typeof w) => T) => inAllLanguages((l) => words(WORDS[l]), lang);
  const labels: Record<string, string> = {};
  for (const [i, key] of (Object.keys(w.labels) as (keyof typeof w.labels)[]).entries()) labels[key] = (await op<{ guid: string }>('/open/app/label/add', { ...inEvery((d) => ({ name: d.labels[key] })), sort: i })).guid;
  const categories: Record<string, string> = {};
  for (const [i, key] of (Object.keys(w.categories) as (keyof typeof w.categories)[]).entries()) categories[key] = (await op<{ guid: string }>('/open/app/classify/add', { ...inEvery((d) => ({ name: d.categories[key] })), sort: i })).guid;
  for (const [i, code] of FEATURED.entries()) {
    const { name, summary } = w.store[code];
    const listed = LISTED[code];
    const storeApp = await op<{ guid: string }>('/open/admin/app-manage/add-app', { name, code, type: 0, description: summary });
    // The app's name in the default language is the app's own; the listing holds the others.
    const { name: _own, ...texts } = inEvery((d) => d.store[code]);
    await op('/open/app/introduce/update/app-manage', {
      app_guid: storeApp.guid, ...texts, label_guids: listed.labels.map((l) => labels[l]), price: listed.price, cycle: listed.cycle, status: 0, sort: i,
    });
    await op('/open/app/classify/app-related/add', { classify_guid: categories[listed.category], app_guid: storeApp.guid, sort: i });
  }

  // A service provider publishes a store app through review; the tenant installs it, consenting to
  // member reads; the provider's next version, asking for departments too, waits in the review queue.
  const provider = { username: 'demo_provider', password: randomPassword(), email: 'demo_provider@example.com' };
  const seller = await signUp(provider, w.provider.bu);
  const sp = <T = any>(path: string, body: Record<string, unknown>) => call<T>(path, body, seller.token);
  const roster = await sp<{ guid: string; app_id: string }>('/open/app/create', { name: w.provider.app, code: 'roster-sync', type: 0, description: w.provider.summary });
  const scopeGuid = Object.fromEntries((await sp<{ guid: string; code: string }[]>('/open/service-provider/scope/list', {})).map((g) => [g.code, g.guid]));
  const first = await sp<{ guid: string }>('/open/service-provider/app-version/add', {
    app_guid: roster.guid, version: '1.0', summary: w.provider.summary, description: w.provider.description, price: 9_900, cycle: 1,
    scope_guids: [scopeGuid['contact:member:readonly']], classify_guids: [categories.operations],
  });
  await sp('/open/service-provider/app-version/submit', { guid: first.guid });
  await op('/open/admin/store-review/approve', { guid: first.guid });
  await tenant('/open/app/market/app-purchase/use', { guid: roster.guid, scopes: ['contact:member:readonly'] });
  const next = await sp<{ guid: string }>('/open/service-provider/app-version/add', {
    app_guid: roster.guid, version: '2.0', summary: w.provider.next_summary, description: w.provider.description, price: 9_900, cycle: 1, note: w.provider.next_note,
    scope_guids: [scopeGuid['contact:member:readonly'], scopeGuid['contact:department:readonly']], classify_guids: [categories.operations],
  });
  await sp('/open/service-provider/app-version/submit', { guid: next.guid });
  // The tenant is a provider too: its own store app, approved and bought by the second BU, whose payment arrived.
  const timesheets = await tenant<{ guid: string }>('/open/app/create', { name: w.own_store.app, code: 'northwind-timesheets', type: 0 });
  const sheetVersion = await tenant<{ guid: string }>('/open/service-provider/app-version/add', {
    app_guid: timesheets.guid, version: '1.0', summary: w.own_store.summary, price: 19_900, cycle: 2, scope_guids: [scopeGuid['contact:member:readonly']], classify_guids: [categories.operations],
  });
  await tenant('/open/service-provider/app-version/submit', { guid: sheetVersion.guid });
  await op('/open/admin/store-review/approve', { guid: sheetVersion.guid });
  const sold = await call<{ guid: string }>('/open/app/market/app-purchase/use', { guid: timesheets.guid, scopes: ['contact:member:readonly'] }, other.token);
  await op('/open/admin/payment-records/add-record', { order_guid: sold.guid, amount: 19_900, method: 0, state: 1, paid_at: new Date().toISOString() });
  // The buyer asks about it in a work order naming its installation; the tenant, as its provider, answers.
  const soldInstallation = (await call<{ guid: string; app_guid: string }[]>('/open/installed-app/list', {}, other.token)).find((i) => i.app_guid === timesheets.guid)!;
  const question = await call<{ guid: string }>('/open/app/work-order/save', { ...w.own_store.question, category: 1, installed_app_guid: soldInstallation.guid }, other.token);
  await tenant('/open/service-provider/work-order-record/save', { work_order_guid: question.guid, content: w.own_store.answer });

  // A self-built app, after the store's (the operators' app list opens on it, newest first): scopes applied for and opened by an operator, events subscribed.
  const own = await tenant<{ guid: string; app_id: string }>('/open/app/create', { ...w.app, code: 'northwind-hr', type: 1 });
  const scopeApplication = await tenant<{ guid: string }>('/open/app/permissions/audit-record/apply-permissions', { app_guid: own.guid, group_codes: SCOPES });
  await op('/open/admin/app/permissions/audit-record/open-audit', { guid: scopeApplication.guid });
  await tenant('/open/app/event/subscribe-config/get', { app_guid: own.guid });
  await tenant('/open/app/event/subscribe-rel/save', { app_guid: own.guid, event_codes: EVENTS });

  // Product staff: an operator holding the product role.
  const productRole = await op<{ guid: string }>('/open/admin/system/role/add', w.operator_role);
  const adminNodes = await op<{ guid: string; code: string }[]>('/open/admin/system/permission/list', { scene: 'admin' });
  await op('/open/admin/system/role/auth', { guid: productRole.guid, permission_guids: adminNodes.filter((p) => PRODUCT_GRANTS.test(p.code)).map((p) => p.guid) });
  const product = { username: 'demo_product', password: randomPassword() };
  await op('/open/admin/system/user/add', { ...product, name: w.product_staff, role_guids: [productRole.guid] });

  // An announcement to every BU, and a work order the owner raises.
  await op('/open/admin/sys-announcement/add', { ...w.announcement, audience: 0 });
  const ownerOrder = await tenant<{ guid: string }>('/open/app/work-order/save', { ...w.work_order, category: 0 });

  // The BU's administrator: a sub-account holding every grant, who raises a work order of their own.
  const adminRole = await tenant<{ guid: string }>('/open/system/role/add', w.admin_role);
  const everyNode = await tenant<{ list: { guid: string }[] }>('/open/system/role/auth-list', { guid: adminRole.guid });
  await tenant('/open/system/role/auth', { guid: adminRole.guid, permission_guids: everyNode.list.map((p) => p.guid) });
  const admin = { username: 'demo_admin', password: randomPassword(), email: 'demo_admin@example.com' };
  await tenant('/open/system/user/child-add', { username: admin.username, name: w.admin_account, email: admin.email, role_guids: [adminRole.guid] });
  await call('/open/system/user/child-set', { token: mailed(admin.email, /token=([A-Za-z0-9_-]+)/), password: admin.password, confirm_password: admin.password });
  const signedInAdmin = await call<{ token: string }>('/open/sys-auth/login', { username: admin.username, password: admin.password });
  const adminToken = (await call<{ token: string }>('/open/system/user-bu/select', { guid: bu.guid }, signedInAdmin.token)).token;
  const adminOrder = await call<{ guid: string }>('/open/app/work-order/save', { ...w.admin_work_order, category: 1 }, adminToken);
  // The operator answers both: each raiser finds the reply in their messages.
  await op('/open/admin/work-order-record/save', { work_order_guid: ownerOrder.guid, content: w.replies.owner });
  await op('/open/admin/work-order-record/save', { work_order_guid: adminOrder.guid, content: w.replies.admin });

  // The BU's own dictionary, an approval process for its scope applications, a project its app serves.
  await tenant('/open/system/bu-dict/add', w.bu_dict);
  await tenant('/open/system/process/add', { name: w.process.name, code: w.process.code, trigger: 'scope_application', steps: [{ name: w.process.step, role_guid: roles.people }] });
  const project = await tenant<{ guid: string }>('/open/system/project/add', w.project);
  await op('/open/admin/system/bu/app-project/add', { bu_guid: bu.guid, app_guid: own.guid, project_guid: project.guid });

  // The store: the owner uses the free app (an order and an installation granting it member and
  // department reads, its tenant key on the enterprise apps page); the operator lists its support hours.
  const connect = (await call<{ list: { guid: string; code: string }[] }>('/open/app/market/search/app-classify/list', { codes: ['CONNECT'], page: 1, page_size: 1 })).list[0];
  await op('/open/admin/app-manage/permissions/active-permissions', { guid: connect.guid, group_codes: ['contact:member:readonly', 'contact:department:readonly'] });
  await tenant('/open/app/market/app-purchase/use', { guid: connect.guid });
  await op('/open/admin/app-manage/add-ext-props', { app_guid: connect.guid, ...w.ext_prop, sort: 0 });

  // Orders of each kind for the BU, one paid by transfer (the owner's expenses), a view of paid orders for every operator.
  const general = await op<{ guid: string }>('/open/admin/order-management/save-order', { bu_guid: bu.guid, app_name: w.orders.general, amount: 1_200_000, cycle: 2 });
  await op('/open/admin/order-management/product/save-order', { bu_guid: bu.guid, app_name: w.orders.product, amount: 49_900, cycle: 1 });
  await op('/open/admin/order-management/service/save-order', { bu_guid: bu.guid, app_name: w.orders.service, amount: 300_000 });
  await op('/open/admin/payment-records/add-record', { order_guid: general.guid, amount: 1_200_000, method: 0, state: 1, paid_at: new Date().toISOString(), note: w.orders.paid });
  await op('/open/admin/system/published-view/add', { resource: 'order', name: w.view, filters: { state: 1 }, sort: { field: 'created_at', order: 'DESC' } });
  // Product staff's columns for announcements: what they look at first, the reach last.
  await op('/open/admin/system/column-config/add', {
    resource: 'announcement', role_guid: productRole.guid,
    columns: ['title', 'state', 'published_at', 'audience', 'publish_at', 'reach'].map((field) => ({ field, visible: field !== 'publish_at' })),
  });

  // The platform's dictionary, a staff field every BU's members have, and a union of the two BUs.
  await op('/open/system/dict/add', w.platform_dict);
  await op('/open/admin/staff-management/field/add', { ...w.staff_field, data_type: 'varchar', form_type: 'input', text_length: 20 });
  await op('/open/admin/system/union-bu/save', { ...w.union, bu_guids: [bu.guid, other.bu.guid] });

  // People sign in to apps with the platform: the owner, the member and the administrator allow the
  // BU's own app to read members as them; the provider allows its own app (docs/oauth.md).
  const hr = { app_id: own.app_id, redirect: OWN_APP_CALLBACK, scope: 'openid profile email contact:member:readonly' };
  await tenant('/open/app/save-backurl', { app_guid: own.guid, redirect_urls: [hr.redirect] });
  const memberSignedIn = await call<{ token: string }>('/open/sys-auth/login', { username: sub.username, password: sub.password });
  const memberToken = (await call<{ token: string }>('/open/system/user-bu/select', { guid: bu.guid }, memberSignedIn.token)).token;
  for (const person of [token, memberToken, adminToken]) await allowApp(app, person, hr);
  await sp('/open/app/save-backurl', { app_guid: roster.guid, redirect_urls: [PROVIDER_APP_CALLBACK] });
  await allowApp(app, seller.token, { app_id: roster.app_id, redirect: PROVIDER_APP_CALLBACK, scope: 'openid profile' });

  return [
    { role: 'owner', username: owner.username, password: owner.password, url: '/login' },
    { role: 'member', username: sub.username, password: sub.password, url: '/login' },
    { role: 'admin', username: admin.username, password: admin.password, url: '/login' },
    { role: 'product', username: product.username, password: product.password, url: '/adminLogin' },
    { role: 'provider', username: provider.username, password: provider.password, url: '/login' },
  ];
};
