import { types, type Instance } from 'mobx-state-tree';
import { RequestModel, track } from '@sensorium/core/client';
import { completeSignupPayload, type CompanyInfo } from '../lib/company';
import { accountCreationFailure, accountCreationUnsuccessful, type FailureText } from '../lib/messages';
import { markUserCreated, readVerifiedSignup } from '../lib/session-keys';
import { accountApi, FailureTextModel, failureText } from './common';

/** Company information (accounts spec §2, §8): creating the account for the verified e-mail, and why it failed. */
export const CompanyModel = types
  .model('CompanyInformation', {
    request: types.optional(RequestModel, {}),
    error: types.maybeNull(FailureTextModel),
  })
  .actions((self) => ({
    setError(text: FailureText | null) {
      self.error = text ? FailureTextModel.create(failureText(text)) : null;
    },
    /** The page as a visit starts it: no message. */
    reset() {
      self.error = null;
      self.request.clear();
    },
  }))
  .actions((self) => ({
    /**
     * `created` (sign-up state cleared), `no-email` (the tab lost the verified e-mail or its proof) or `failed` with
     * `error` set.
     */
    async submit(info: CompanyInfo): Promise<'created' | 'no-email' | 'failed'> {
      self.setError(null);
      const signup = readVerifiedSignup();
      if (!signup) {
        self.setError({ key: 'company.error.noVerifiedEmail' });
        return 'no-email';
      }
      const outcome = await track(self.request, () => accountApi(self).completeSignup(completeSignupPayload(signup, info)));
      if (!outcome.ok) {
        self.setError(accountCreationFailure(outcome.failure.status));
        return 'failed';
      }
      if (!outcome.value.success) {
        self.setError(accountCreationUnsuccessful(outcome.value.message));
        return 'failed';
      }
      markUserCreated();
      return 'created';
    },
  }));

export type CompanyStore = Instance<typeof CompanyModel>;
