import { getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type SessionStore, type StoreEnv } from '@sensorium/core/client';
import { pageAfterLogin, type Credentials, type OtpChannel, type SessionAnswer } from '../lib/account-api';
import { accountApi } from './common';

const OtpChannelModel = types.model('OtpChannel', { channelName: types.string, channelContact: types.string });

/** A user with the second factor on, between the password and the one-time password. */
const OtpModel = types.model('OtpStep', {
  username: types.string,
  channels: types.array(OtpChannelModel),
  channelName: types.string,
  /** The code was sent on this channel, valid this many minutes. */
  requested: types.maybeNull(
    types.model('OtpRequested', { channelName: types.string, channelContact: types.string, validMinutes: types.number }),
  ),
});

/** What finishing a login needs of the session: loading the signed-in user. */
export type SessionLoader = Pick<SessionStore, 'loadMe'>;

/**
 * The login page (accounts spec §2, §4, §8): the login call, and for a user with the second factor the channel list,
 * the code request and its verification. A successful login ends with the session loaded and the page to open.
 * Request states sit on this model, not on `otp`, which is dropped whenever the step ends.
 */
export const LoginModel = types
  .model('Login', {
    request: types.optional(RequestModel, {}),
    otp: types.maybeNull(OtpModel),
    otpRequest: types.optional(RequestModel, {}),
    /** Which second-factor call failed last (its message is in `otpRequest.failure`). */
    otpFailedStep: types.maybeNull(types.enumeration('OtpStep', ['request', 'verify'])),
  })
  .actions((self) => ({
    startOtp(username: string, channels: OtpChannel[]) {
      self.otp = OtpModel.create({ username, channels, channelName: channels[0]?.channelName ?? '', requested: null });
      self.otpRequest.clear();
      self.otpFailedStep = null;
    },
    cancelOtp() {
      self.otp = null;
      self.otpRequest.clear();
      self.otpFailedStep = null;
    },
    /** The page as a visit starts it: no message, no second-factor step. */
    reset() {
      self.request.clear();
      self.otp = null;
      self.otpRequest.clear();
      self.otpFailedStep = null;
    },
    chooseChannel(channelName: string) {
      if (!self.otp) return;
      self.otp.channelName = channelName;
      self.otp.requested = null;
    },
    setRequested(requested: { channelName: string; channelContact: string; validMinutes: number }) {
      if (self.otp) self.otp.requested = { ...requested };
    },
    setOtpFailedStep(step: 'request' | 'verify' | null) {
      self.otpFailedStep = step;
    },
  }))
  .actions((self) => {
    const api = () => accountApi(self);
    /** Keeps the token pair (for the tab only without "Remember me"), loads the user and answers the page to open. */
    const finish = async (answer: SessionAnswer, rememberMe: boolean, session: SessionLoader) => {
      const { tokens } = getEnv<Pick<StoreEnv, 'tokens'>>(self);
      tokens.clear();
      tokens.save(answer, rememberMe);
      await session.loadMe();
      return pageAfterLogin(answer);
    };
    return {
      /** Logs in: `otp` when the second factor is asked for, the page to open after a login, null when refused. */
      async login(credentials: Credentials, session: SessionLoader): Promise<'otp' | { page: string } | null> {
        type Answer = { otp: true; channels: OtpChannel[] } | { otp: false; page: string };
        const outcome = await track(self.request, async (): Promise<Answer> => {
          const answer = await api().login(credentials);
          if (answer.otpFlag) return { otp: true, channels: answer.otpInfo?.channels ?? [] };
          return { otp: false, page: await finish(answer, credentials.rememberMe, session) };
        });
        if (!outcome.ok) return null;
        if (outcome.value.otp) {
          self.startOtp(credentials.username, outcome.value.channels);
          return 'otp';
        }
        return { page: outcome.value.page };
      },
      /** Sends a one-time password on the chosen channel. */
      async requestOtp(): Promise<boolean> {
        const otp = self.otp;
        if (!otp) return false;
        self.setOtpFailedStep(null);
        const outcome = await track(self.otpRequest, () => api().requestLoginOtp(otp.username, otp.channelName));
        if (outcome.ok) self.setRequested(outcome.value);
        else self.setOtpFailedStep('request');
        return outcome.ok;
      },
      /** Verifies the code: the page to open, or null when refused. */
      async verifyOtp(code: string, rememberMe: boolean, session: SessionLoader): Promise<string | null> {
        const otp = self.otp;
        if (!otp) return null;
        const channelName = otp.requested?.channelName ?? otp.channelName;
        self.setOtpFailedStep(null);
        const outcome = await track(self.otpRequest, async () =>
          finish(await api().verifyLoginOtp(otp.username, channelName, code), rememberMe, session),
        );
        if (outcome.ok) return outcome.value;
        self.setOtpFailedStep('verify');
        return null;
      },
    };
  });

export type LoginStore = Instance<typeof LoginModel>;
