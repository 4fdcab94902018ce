/**
 * The names of the server's named handlers, declared once for both sides: a definition's call names
 * one (`CallSpec.handler`), and server/handlers/index.ts implements exactly these (`satisfies`), so
 * a misspelt name, a handler nobody implements and an implementation nobody names all fail `tsc`.
 */
export type HandlerName =
  | 'role.auth' | 'role.permissions' | 'role.authList'
  | 'customFields.list'
  | 'buDict.listByType'
  | 'columnSettings.get' | 'columnSettings.roles'
  | 'process.approve' | 'process.reject'
  | 'fieldStatus.list' | 'fieldStatus.update'
  | 'payment.monthly' | 'settlement.monthly'
  | 'unionMembership.leave'
  | 'order.import' | 'order.export' | 'order.template'
  | 'org.dashboard' | 'org.statistics'
  | 'department.bindUsers'
  | 'bu.sandboxCertificate'
  | 'sso.loginTypes' | 'sso.configInfo' | 'sso.test' | 'sso.verifyDomain'
  | 'buManagement.add' | 'buManagement.orgUpdate' | 'buManagement.authUpdate' | 'buManagement.appDetail' | 'buManagement.install' | 'buManagement.uninstall' | 'buManagement.installable' | 'buManagement.buApps'
  | 'child.reset' | 'child.setRole' | 'child.resend' | 'child.activate'
  | 'app.resetSecret' | 'app.scopes' | 'app.debugToken' | 'app.bindAbilities' | 'app.activatePermissions'
  | 'audit.apply'
  | 'apiGroup.apis' | 'apiGroup.events' | 'apiGroup.capacities'
  | 'event.getConfig' | 'event.saveConfig' | 'event.resetKey' | 'event.check' | 'event.subscribe' | 'event.testSend' | 'event.logPage' | 'event.replay'
  | 'storeReview.compare'
  | 'market.search' | 'market.card' | 'market.detail' | 'market.labels' | 'market.classifications' | 'market.purchase' | 'installed.consent'
  | 'docs.find' | 'docs.info' | 'docs.tree' | 'docs.category' | 'docs.apiDocument' | 'docs.versions' | 'docs.version' | 'docs.search'
  | 'files.upload' | 'files.uploadPublic'
  | 'workOrder.get' | 'workOrder.count' | 'workOrder.reply' | 'workOrder.providerReply'
  | 'message.userList' | 'message.appList' | 'message.buList' | 'message.get' | 'message.read' | 'message.unread'
  | 'unionBu.save'
  | 'log.userOperations'
  | 'resource.list';
