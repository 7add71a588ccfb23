import { getEnv, types, type Instance, type SnapshotIn } from 'mobx-state-tree';
import type { StoreEnv } from '@sensorium/core/client';
import { createAccountApi, type AccountApi } from '../lib/account-api';
import type { FailureText } from '../lib/messages';

/** The account screens' API for a store node (through the console's HTTP client in the store's environment). */
export function accountApi(node: object): AccountApi {
  return createAccountApi(getEnv<Pick<StoreEnv, 'http'>>(node).http);
}

/** What an account screen shows for a failure: the server's translated message, or an `account.` text key. */
export const FailureTextModel = types.model('FailureText', {
  message: types.maybeNull(types.string),
  key: types.maybeNull(types.string),
});
export type FailureTextInstance = Instance<typeof FailureTextModel>;

export const failureText = (text: FailureText): SnapshotIn<typeof FailureTextModel> =>
  'message' in text ? { message: text.message, key: null } : { message: null, key: text.key };
