import { types, type Instance } from 'mobx-state-tree';
import { RequestModel, track } from '@sensorium/core/client';
import { codeOf, isCodeComplete, type CodeDigits } from '../lib/code-boxes';
import { RESEND_COOLDOWN_SECONDS, secondsFromMinutes, secondsOrNone, secondsUntil } from '../lib/countdown';
import { verificationFailure, verificationUnsuccessful, type FailureText } from '../lib/messages';
import { saveVerifiedSignup } from '../lib/session-keys';
import { accountApi, FailureTextModel, failureText } from './common';

/**
 * E-mail verification of a sign-up (accounts spec §2, §4, §5, §8): the token's e-mail, the seconds until the code
 * expires and until another may be requested (the page ticks them down once a second), and the results of verify and
 * resend.
 */
export const VerificationModel = types
  .model('Verification', {
    token: types.maybeNull(types.string),
    status: types.optional(types.enumeration('TokenStatus', ['checking', 'invalid', 'ready']), 'checking'),
    email: '',
    /** Seconds until the code expires. */
    secondsLeft: 0,
    /** Seconds until another code may be requested (0: now). */
    cooldown: 0,
    /** The last code was refused: the boxes show it until edited. */
    codeInvalid: false,
    error: types.maybeNull(FailureTextModel),
    /** A new code was sent to this address. */
    resentTo: types.maybeNull(types.string),
    checking: types.optional(RequestModel, {}),
    verifying: types.optional(RequestModel, {}),
    resending: types.optional(RequestModel, {}),
  })
  .views((self) => ({
    /** A countdown is under way. */
    get ticking(): boolean {
      return self.secondsLeft > 0 || self.cooldown > 0;
    },
  }))
  .actions((self) => ({
    reset(token: string) {
      self.token = token;
      self.status = 'checking';
      self.email = '';
      self.secondsLeft = 0;
      self.cooldown = 0;
      self.codeInvalid = false;
      self.error = null;
      self.resentTo = null;
    },
    ready(token: string, answer: { email: string; secondsLeft: number; cooldown: number }) {
      if (self.token !== token) return;
      self.email = answer.email;
      self.secondsLeft = answer.secondsLeft;
      self.cooldown = answer.cooldown;
      self.status = 'ready';
    },
    invalid(token: string) {
      if (self.token === token) self.status = 'invalid';
    },
    codeEdited() {
      self.codeInvalid = false;
    },
    clearMessages() {
      self.error = null;
      self.resentTo = null;
    },
    fail(text: FailureText, codeInvalid: boolean) {
      self.error = FailureTextModel.create(failureText(text));
      if (codeInvalid) self.codeInvalid = true;
    },
    startCooldown(seconds: number) {
      self.cooldown = seconds;
    },
    resent(validMinutes: number | undefined) {
      self.codeInvalid = false;
      self.secondsLeft = secondsFromMinutes(validMinutes);
      self.resentTo = self.email;
    },
    /** One second has passed: both countdowns move on, stopping at 0. */
    tick() {
      self.secondsLeft = Math.max(0, self.secondsLeft - 1);
      self.cooldown = Math.max(0, self.cooldown - 1);
    },
  }))
  .actions((self) => {
    const api = () => accountApi(self);
    return {
      /**
       * Checks the token of the link; an unknown one shows the invalid state. The server tells how soon another code
       * may be sent, so the page offers a resend only once it would be taken, reloaded or not.
       */
      async open(token: string): Promise<void> {
        self.reset(token);
        const outcome = await track(self.checking, () => api().validateSignupToken(token));
        if (!outcome.ok) {
          self.invalid(token);
          return;
        }
        const { email, expiresAt, resendInSeconds } = outcome.value;
        self.ready(token, { email: email ?? '', secondsLeft: secondsUntil(expiresAt), cooldown: secondsOrNone(resendInSeconds) });
      },
      /**
       * Verifies the code: `verified` (the e-mail and its proof are kept for the company step), `missing-email` (the page sends the
       * visitor back to sign-up), or `failed` with `error` set.
       */
      async verify(digits: CodeDigits): Promise<'verified' | 'missing-email' | 'failed'> {
        self.clearMessages();
        const { token, email } = self;
        if (!token || !isCodeComplete(digits)) {
          self.fail({ key: 'verification.error.missingTokenOrPin' }, false);
          return 'failed';
        }
        if (!email) return 'missing-email';
        const outcome = await track(self.verifying, () => api().verifySignupEmail(email, token, codeOf(digits)));
        if (!outcome.ok) {
          self.fail(verificationFailure(outcome.failure.status, outcome.failure.message), true);
          return 'failed';
        }
        const { success, message, proof } = outcome.value;
        if (!success || !proof) {
          self.fail(verificationUnsuccessful(message), true);
          return 'failed';
        }
        saveVerifiedSignup({ email, proof });
        return 'verified';
      },
      /**
       * Sends a new code: blocked from the call for the cooldown the server answers (30 s when it says none), at once
       * again if it fails. True when a code was sent.
       */
      async resend(): Promise<boolean> {
        self.clearMessages();
        const { token, email } = self;
        if (!email) {
          self.fail({ key: 'verification.error.resendNoEmail' }, false);
          return false;
        }
        self.startCooldown(RESEND_COOLDOWN_SECONDS);
        const outcome = await track(self.resending, () => api().resendSignupOtp(email, token ?? ''));
        if (outcome.ok) {
          self.resent(outcome.value.validMinutes);
          if (outcome.value.resendInSeconds !== undefined) self.startCooldown(secondsOrNone(outcome.value.resendInSeconds));
          return true;
        }
        self.startCooldown(0);
        const { message } = outcome.failure;
        self.fail(message ? { message } : { key: 'verification.error.resendFailed' }, false);
        return false;
      },
    };
  });

export type VerificationStore = Instance<typeof VerificationModel>;
