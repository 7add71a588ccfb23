import { types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome } from '@sensorium/core/client';
import type { MyAccount } from '../../common';
import type { ProfileValues } from '../api';
import { MyAccountModel, usersApi } from './models';

/** My Account: the account, and the state of each of its forms (profile, password, second factor). */
export const MyAccountStoreModel = types
  .model('MyAccountStore', {
    account: types.maybeNull(MyAccountModel),
    loading: types.optional(RequestModel, {}),
    profile: types.optional(RequestModel, {}),
    password: types.optional(RequestModel, {}),
    secondFactor: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    setAccount(account: MyAccount) {
      self.account = MyAccountModel.create(account);
    },
    forget() {
      self.account = null;
    },
  }))
  .actions((self) => {
    const api = () => usersApi(self);
    /** A call answering the account; the answer replaces the one shown. */
    const saveAccount = async (request: typeof self.profile, call: () => Promise<MyAccount>): Promise<Outcome<void>> => {
      const outcome = await track(request, call);
      if (!outcome.ok) return outcome;
      self.setAccount(outcome.value);
      return { ok: true, value: undefined };
    };
    async function load(): Promise<void> {
      await saveAccount(self.loading, () => api().myAccount());
    }
    return {
      load,
      /** A visit shows the account as the server has it now (the forms start from it). */
      open(): Promise<void> {
        self.forget();
        return load();
      },
      saveProfile: (values: ProfileValues) => saveAccount(self.profile, () => api().saveProfile(values)),
      changePassword: (currentPassword: string, newPassword: string) =>
        track(self.password, () => api().changePassword(currentPassword, newPassword)),
      setSecondFactor: (otpEnabled: boolean, currentPassword: string) =>
        saveAccount(self.secondFactor, () => api().setSecondFactor(otpEnabled, currentPassword)),
    };
  });

export type MyAccountStore = Instance<typeof MyAccountStoreModel>;
