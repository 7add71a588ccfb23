import { types, type Instance } from 'mobx-state-tree';
import { RequestModel, track } from '@sensorium/core/client';
import { accountApi } from './common';

/** Forgot password (accounts spec §2, §4): whether the e-mail belongs to an account. */
export const ForgotPasswordModel = types
  .model('ForgotPassword', {
    notFound: false,
    request: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    setNotFound(notFound: boolean) {
      self.notFound = notFound;
    },
  }))
  .actions((self) => ({
    emailEdited() {
      self.setNotFound(false);
    },
    /** The page as a visit starts it: no message. */
    reset() {
      self.setNotFound(false);
    },
    /**
     * Null when the address is unknown (a failed check counts as known); else the reset e-mail has been requested
     * and the e-mail-sent page may open, showing the link's validity in minutes when the server answered it.
     */
    async submit(email: string): Promise<{ validMinutes: number | null } | null> {
      self.setNotFound(false);
      const api = accountApi(self);
      const outcome = await track(self.request, async () => {
        if (!(await api.usernameExists(email).catch(() => true))) return null;
        // The server answers before it looks the account up, so waiting tells nothing about the account.
        const answer = await api.forgotPassword(email).catch(() => null);
        return { validMinutes: typeof answer?.validMinutes === 'number' ? answer.validMinutes : null };
      });
      if (!outcome.ok) return { validMinutes: null };
      if (!outcome.value) self.setNotFound(true);
      return outcome.value;
    },
  }));

/** Reset password from the e-mailed link (accounts spec §2, §4, §8): the token's state, then the new password's result. */
export const ResetPasswordModel = types
  .model('ResetPassword', {
    token: types.maybeNull(types.string),
    status: types.optional(types.enumeration('ResetTokenStatus', ['checking', 'invalid', 'valid']), 'checking'),
    /** Why the link is refused: an `account.` key. */
    invalidKey: types.maybeNull(types.string),
    email: '',
    /** The last reset was refused. */
    failed: false,
    checking: types.optional(RequestModel, {}),
    request: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    reset(token: string) {
      self.token = token;
      self.status = 'checking';
      self.invalidKey = null;
      self.email = '';
      self.failed = false;
    },
    checked(token: string, answer: { isValid: boolean; email?: string } | null) {
      if (self.token !== token) return;
      if (answer?.isValid) {
        self.status = 'valid';
        self.email = answer.email ?? '';
      } else {
        self.status = 'invalid';
        self.invalidKey = answer ? 'account.reset.invalid' : 'account.reset.checkFailed';
      }
    },
    setFailed(failed: boolean) {
      self.failed = failed;
    },
  }))
  .actions((self) => ({
    async open(token: string): Promise<void> {
      self.reset(token);
      const outcome = await track(self.checking, () => accountApi(self).checkResetToken(token));
      self.checked(token, outcome.ok ? outcome.value : null);
    },
    /** Sets the new password; false (and `failed`) when the server refuses it. */
    async submit(password: string): Promise<boolean> {
      if (self.status !== 'valid' || !self.token) return false;
      self.setFailed(false);
      const { token, email } = self;
      const outcome = await track(self.request, () => accountApi(self).resetPassword(email, token, password));
      const done = outcome.ok && outcome.value.success;
      self.setFailed(!done);
      return done;
    },
  }));

export type ForgotPasswordStore = Instance<typeof ForgotPasswordModel>;
export type ResetPasswordStore = Instance<typeof ResetPasswordModel>;
