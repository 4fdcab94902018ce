import type { Handler } from '../engine/context.ts';
import type { HandlerName } from '../../resources/handler-names.ts';
import { auth, authList, permissions } from './role-grants.ts';
import { bindUsers, dashboard, loginTypes, sandboxCertificate, statistics } from './organisation.ts';
import { activatePermissions, capacities, appResetSecret, appScopes, appDebugToken, appBindAbilities, auditApply, groupApis, groupEvents } from './apps.ts';
import { checkEndpoint, getConfig, logPage, replay, resetKey, saveConfig, subscribe, testSend } from './events.ts';
import { installedConsent, marketCard, marketClassifications, marketDetail, marketLabels, marketPurchase, marketSearch } from './market.ts';
import { docsApiDocument, docsCategory, docsFind, docsInfo, docsSearch, docsTree, docsVersion, docsVersions } from './docs.ts';
import { uploadPrivate, uploadPublic } from './files.ts';
import { workOrderCount, workOrderGet, workOrderProviderReply, workOrderReply } from './work-orders.ts';
import { messageAppList, messageBuList, messageGet, messageRead, messageUnread, messageUserList } from './messages.ts';
import { paymentMonthly, settlementMonthly } from './payments.ts';
import { unionMembershipLeave } from './union-membership.ts';
import { exportOrders, importOrders, importTemplate } from './order-transfer.ts';
import { childActivate, childReset, childResend, childSetRole } from './sub-accounts.ts';
import { appDetail, authUpdate, buAdd, buApps, install, installable, orgUpdate, uninstall } from './bu-management.ts';
import { versionCompare } from './store-review.ts';
import { unionBuSave } from './union-bu.ts';
import { userOperations } from './audit-logs.ts';
import { resourceList } from './permission-resources.ts';
import { customFieldsList, fieldStatusList, fieldStatusUpdate } from './field-status.ts';
import { buDictListByType } from './bu-dict.ts';
import { columnSettings, columnSettingsRoles } from './column-settings.ts';
import { processApprove, processReject } from './processes.ts';
import { ssoConfigInfo, ssoTest, ssoVerifyDomain } from './sso.ts';

/** Named handlers that resource definitions may reference for real business rules. */
export const handlers = {
  'role.auth': auth,
  'customFields.list': customFieldsList,
  'buDict.listByType': buDictListByType,
  'columnSettings.get': columnSettings,
  'columnSettings.roles': columnSettingsRoles,
  'process.approve': processApprove,
  'process.reject': processReject,
  'fieldStatus.list': fieldStatusList,
  'fieldStatus.update': fieldStatusUpdate,
  'payment.monthly': paymentMonthly,
  'settlement.monthly': settlementMonthly,
  'unionMembership.leave': unionMembershipLeave,
  'order.import': importOrders,
  'order.export': exportOrders,
  'order.template': importTemplate,
  'role.permissions': permissions,
  'role.authList': authList,
  'org.dashboard': dashboard,
  'org.statistics': statistics,
  'department.bindUsers': bindUsers,
  'bu.sandboxCertificate': sandboxCertificate,
  'sso.loginTypes': loginTypes,
  'sso.configInfo': ssoConfigInfo,
  'sso.test': ssoTest,
  'sso.verifyDomain': ssoVerifyDomain,
  'storeReview.compare': versionCompare,
  'buManagement.add': buAdd,
  'buManagement.orgUpdate': orgUpdate,
  'buManagement.authUpdate': authUpdate,
  'buManagement.appDetail': appDetail,
  'buManagement.install': install,
  'buManagement.uninstall': uninstall,
  'buManagement.installable': installable,
  'buManagement.buApps': buApps,
  'child.reset': childReset,
  'child.setRole': childSetRole,
  'child.resend': childResend,
  'child.activate': childActivate,
  'app.resetSecret': appResetSecret,
  'app.scopes': appScopes,
  'app.debugToken': appDebugToken,
  'app.bindAbilities': appBindAbilities,
  'app.activatePermissions': activatePermissions,
  'audit.apply': auditApply,
  'apiGroup.apis': groupApis,
  'apiGroup.events': groupEvents,
  'apiGroup.capacities': capacities,
  'event.getConfig': getConfig,
  'event.saveConfig': saveConfig,
  'event.resetKey': resetKey,
  'event.check': checkEndpoint,
  'event.subscribe': subscribe,
  'event.testSend': testSend,
  'event.logPage': logPage,
  'event.replay': replay,
  'market.search': marketSearch,
  'market.card': marketCard,
  'market.detail': marketDetail,
  'market.labels': marketLabels,
  'market.classifications': marketClassifications,
  'market.purchase': marketPurchase,
  'installed.consent': installedConsent,
  'docs.find': docsFind,
  'docs.info': docsInfo,
  'docs.tree': docsTree,
  'docs.category': docsCategory,
  'docs.apiDocument': docsApiDocument,
  'docs.versions': docsVersions,
  'docs.version': docsVersion,
  'docs.search': docsSearch,
  'files.upload': uploadPrivate,
  'files.uploadPublic': uploadPublic,
  'workOrder.get': workOrderGet,
  'workOrder.count': workOrderCount,
  'workOrder.reply': workOrderReply,
  'workOrder.providerReply': workOrderProviderReply,
  'message.userList': messageUserList,
  'message.appList': messageAppList,
  'message.buList': messageBuList,
  'message.get': messageGet,
  'message.read': messageRead,
  'message.unread': messageUnread,
  'unionBu.save': unionBuSave,
  'log.userOperations': userOperations,
  'resource.list': resourceList,
} satisfies Record<HandlerName, Handler>;
