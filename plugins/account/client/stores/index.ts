import { types, type Instance } from 'mobx-state-tree';
import { usePluginStore } from '@sensorium/core/client';
import { CompanyModel } from './company';
import { DocumentModel } from './documents';
import { LoginModel } from './login';
import { ForgotPasswordModel, ResetPasswordModel } from './password-reset';
import { SignUpModel } from './sign-up';
import { VerificationModel } from './verification';

import { ACCOUNT_STORE } from './store-name';

export { ACCOUNT_STORE };

/** What the account screens know from the server: login, sign-up, verification, company step, password recovery. */
export const AccountStore = types.model('AccountStore', {
  login: types.optional(LoginModel, {}),
  signUp: types.optional(SignUpModel, {}),
  verification: types.optional(VerificationModel, {}),
  company: types.optional(CompanyModel, {}),
  forgotPassword: types.optional(ForgotPasswordModel, {}),
  resetPassword: types.optional(ResetPasswordModel, {}),
  document: types.optional(DocumentModel, {}),
});

export type AccountStoreInstance = Instance<typeof AccountStore>;

/** The account plugin's store; read it inside an observer() component. */
export function useAccountStore(): AccountStoreInstance {
  return usePluginStore<typeof AccountStore>(ACCOUNT_STORE);
}
