import type { HttpClient, TokenPair } from '@sensorium/core/client';

/** The calls of the account screens (accounts spec §7; paths per the accounts contract), made by the account store. */

export interface LoginInfo {
  defaultPage?: string | null;
}

export interface OtpChannel {
  channelName: string;
  channelContact: string;
}

/** POST /api/auth/login: a token pair with loginInfo, or the second-factor prompt. */
export type LoginAnswer =
  (TokenPair & { otpFlag?: false; loginInfo?: LoginInfo }) | { otpFlag: true; otpInfo?: { channels?: OtpChannel[] } };

export interface OtpRequestAnswer {
  channelName: string;
  channelContact: string;
  validMinutes: number;
}

export type SessionAnswer = TokenPair & { loginInfo?: LoginInfo };

/** Where a user goes after login without a default page. */
export const HOME_PATH = '/home';

/** The page a login answer names (loginInfo.defaultPage), else /home. */
export function pageAfterLogin(answer: { loginInfo?: LoginInfo }): string {
  const page = answer.loginInfo?.defaultPage?.trim();
  if (!page) return HOME_PATH;
  return page.startsWith('/') ? page : `/${page}`;
}

export interface Credentials {
  username: string;
  password: string;
  rememberMe: boolean;
}

export function createAccountApi(http: HttpClient) {
  return {
    login: (credentials: Credentials) => http.post('auth/login', { json: credentials }).json<LoginAnswer>(),
    requestLoginOtp: (username: string, channelName: string) =>
      http.post('auth/otp/request', { json: { username, channelName } }).json<OtpRequestAnswer>(),
    verifyLoginOtp: (username: string, channelName: string, token: string) =>
      http.post('auth/otp/verify', { json: { username, channelName, token } }).json<SessionAnswer>(),

    /** Whether an account with this username (the e-mail for signed-up users) exists. */
    usernameExists: async (username: string): Promise<boolean> => {
      const answer = await http.get('user/usernames/availability', { searchParams: { username } }).json<{ exists: boolean }>();
      return answer.exists === true;
    },
    requestSignupOtp: (email: string, password: string) =>
      http
        .post('otp/signup/request', { json: { email, password, purpose: 'signup' } })
        .json<{ token?: string; resendInSeconds?: number }>(),
    /** The token's e-mail, when its code expires and in how many seconds another code may be sent. */
    validateSignupToken: (token: string) =>
      http
        .get(`otp/verify-token/${encodeURIComponent(token)}`)
        .json<{ email: string; expiresAt?: string | null; resendInSeconds?: number }>(),
    verifySignupEmail: (email: string, token: string, pinCode: string) =>
      http
        .post('otp/signup/verify', { json: { email, token, pinCode } })
        .json<{ success: boolean; message?: string; proof?: string }>(),
    resendSignupOtp: (email: string, token: string) =>
      http.post('otp/signup/resend', { json: { email, token } }).json<{ validMinutes?: number; resendInSeconds?: number }>(),
    completeSignup: (payload: {
      email: string;
      proof: string;
      companyName: string;
      companySize: string;
      companyRole: string;
      level: string;
    }) => http.post('user/complete-signup', { json: payload }).json<{ success: boolean; message?: string }>(),

    /** Always answers success, with how many minutes a reset link is valid. */
    forgotPassword: (email: string) =>
      http.post('user/forgot-password', { json: { email } }).json<{ success?: boolean; validMinutes?: number }>(),
    checkResetToken: (token: string) =>
      http.get(`user/verify-token/${encodeURIComponent(token)}`).json<{ isValid: boolean; email?: string }>(),
    resetPassword: (email: string, token: string, newPassword: string) =>
      http.post('user/reset-password', { json: { email, token, newPassword } }).json<{ success: boolean }>(),
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;
