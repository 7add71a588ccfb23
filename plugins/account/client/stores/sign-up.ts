import { types, type Instance } from 'mobx-state-tree';
import { readFailure, RequestModel, track } from '@sensorium/core/client';
import { signupRequestFailure, type FailureText } from '../lib/messages';
import { accountApi, FailureTextModel, failureText } from './common';

/**
 * Sign-up step 1 (accounts spec §2, §4, §8): whether the e-mail is taken, and the one-time password request whose token
 * opens the verification page.
 */
export const SignUpModel = types
  .model('SignUp', {
    emailExists: false,
    request: types.optional(RequestModel, {}),
    alert: types.maybeNull(FailureTextModel),
  })
  .actions((self) => ({
    emailEdited() {
      self.emailExists = false;
    },
    clearAlert() {
      self.alert = null;
    },
    /** The page as a visit starts it: no message. */
    reset() {
      self.emailExists = false;
      self.alert = null;
      self.request.clear();
    },
    show(result: { exists?: boolean; alert?: FailureText | null }) {
      self.emailExists = result.exists ?? false;
      self.alert = result.alert ? FailureTextModel.create(failureText(result.alert)) : null;
    },
  }))
  .actions((self) => ({
    /** The verification token, or null when the e-mail is taken or no code could be requested (`alert` says why). */
    async submit(email: string, password: string): Promise<string | null> {
      self.show({});
      const api = accountApi(self);
      const outcome = await track(self.request, async (): Promise<{ exists?: boolean; alert?: FailureText; token?: string }> => {
        // A failed existence check is treated as "does not exist" and the flow continues.
        if (await api.usernameExists(email).catch(() => false)) return { exists: true };
        try {
          const { token } = await api.requestSignupOtp(email, password);
          return token ? { token } : { alert: { key: 'signUp.error.noToken' } };
        } catch (error) {
          return { alert: signupRequestFailure((await readFailure(error)).message) };
        }
      });
      if (!outcome.ok) return null;
      self.show(outcome.value);
      return outcome.value.token ?? null;
    },
  }));

export type SignUpStore = Instance<typeof SignUpModel>;
