import type { TFunction } from 'i18next';

/**
 * The audit actions the console records today, by their i18n key under `audit.actions.` (flat keys: `auth.login` and
 * `auth.login.password` cannot both be i18next paths). Routes without an audit name are recorded as "METHOD path".
 */
const ACTION_KEYS: Record<string, string> = {
  'auth.login': 'login',
  'auth.login.password': 'loginPassword',
  'auth.logout': 'logout',
  'auth.otp.request': 'otpRequest',
  'account.password.forgot': 'passwordForgot',
  'account.password.reset': 'passwordReset',
  'account.signup.request': 'signupRequest',
  'account.signup.verify': 'signupVerify',
  'account.signup.resend': 'signupResend',
  'account.signup.complete': 'signupComplete',
  'users.create': 'userCreate',
  'users.update': 'userUpdate',
  'users.setDisabled': 'userSetDisabled',
  'users.resetPassword': 'userResetPassword',
  'users.resetSecondFactor': 'userResetSecondFactor',
  'users.delete': 'userDelete',
  'userGroups.create': 'userGroupCreate',
  'userGroups.update': 'userGroupUpdate',
  'userGroups.delete': 'userGroupDelete',
  'userGroups.addMember': 'userGroupAddMember',
  'myAccount.updateProfile': 'profileUpdate',
  'myAccount.changePassword': 'passwordChange',
  'myAccount.secondFactor': 'secondFactor',
  'apiKeys.create': 'apiKeyCreate',
  'apiKeys.revoke': 'apiKeyRevoke',
  'apiKeys.delete': 'apiKeyDelete',
  'applicationUsers.addUser': 'applicationUserAdd',
  'applicationUsers.setDeviceTags': 'applicationUserDeviceTags',
  'applicationUsers.removeUser': 'applicationUserRemove',
  'applicationUsers.addGroup': 'applicationGroupAdd',
  'applicationUsers.removeGroup': 'applicationGroupRemove',
  'nodes.item.create': 'itemCreate',
  'nodes.item.update': 'itemUpdate',
  'nodes.item.delete': 'itemDelete',
  'nodes.structure.save': 'structureSave',
  'nodes.field-preference.save': 'fieldPreferenceSave',
  'nodes.notification.save': 'notificationSave',
  'nodes.override.save': 'overrideSave',
  'nodes.task.save': 'taskSave',
  'nodes.command.send': 'commandSend',
  'nodes.output.post': 'outputPost',
  'nodes.object.upload': 'objectUpload',
  'nodes.object.delete': 'objectDelete',
  'nodes.floor-plan.create': 'floorPlanCreate',
  'nodes.floor-plan.pins': 'floorPlanPins',
  'POST /application/new/': 'applicationCreate',
  'PATCH /application/:id': 'applicationUpdate',
  'DELETE /application/:id/': 'applicationDelete',
  'PUT /application/:id/logo': 'logoUpload',
  'DELETE /application/:id/logo': 'logoDelete',
  'POST /customer/end-customer/': 'endCustomerCreate',
  'PATCH /customer/end-customer/:id': 'endCustomerRename',
  'DELETE /customer/end-customer/:id': 'endCustomerDelete',
  'POST /backup/:appId': 'backupCreate',
  'DELETE /backup/:appId/:folder': 'backupDelete',
  'POST /backup/:appId/:folder/restore': 'backupRestore',
  'POST /theme-profile/new': 'themeCreate',
  'POST /theme-profile/update/:id': 'themeUpdate',
  'events.acknowledge': 'eventAcknowledge',
  'events.clear': 'eventClear',
};

const REQUEST = /^(GET|POST|PUT|PATCH|DELETE) (\S+)$/;

/** A readable, translated name of an audit action; another route as "Request POST /path" in the user's language. */
export function actionLabel(t: TFunction, action: string): string {
  const key = ACTION_KEYS[action];
  if (key) return t(`audit.actions.${key}`);
  const request = REQUEST.exec(action);
  if (request) return t('audit.actions.request', { method: request[1], path: request[2] });
  return t('audit.actions.other', { action });
}

/** The actions that have a label of their own (for the texts' completeness test). */
export const LABELLED_ACTION_KEYS: readonly string[] = Object.values(ACTION_KEYS);
