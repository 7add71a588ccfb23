import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '@sensorium/core/common';
import { HttpError, type SessionRevocation, type UserDirectory } from '@sensorium/core/server';
import type { MyAccount, ProfileInput, SecondFactorInput } from '../common';
import type { Tenancy } from './tenancy';

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/**
 * The signed-in user's own account. Changing what proves who the user is (password, e-mail, second factor) needs the
 * current password, and the password, the e-mail and turning the second factor off end every other session of the
 * user: the session making the change stays signed in.
 */
export class MyAccountService {
  constructor(
    private readonly directory: UserDirectory,
    private readonly tenancy: Tenancy,
    private readonly sessions: SessionRevocation,
  ) {}

  /** 400 naming currentPassword when it is missing or not the user's password. */
  private async assertCurrentPassword(user: SessionUser, currentPassword: string | undefined): Promise<void> {
    if (!currentPassword) throw HttpError.badRequest('users.validation.currentPasswordRequired', 'currentPassword');
    const verified = await this.directory.verifyPassword(user.username, currentPassword);
    if (!verified || verified.id !== user.id) throw HttpError.badRequest('users.errors.wrongCurrentPassword', 'currentPassword');
  }

  async get(user: SessionUser): Promise<MyAccount> {
    const account = await this.directory.findAccount(user.id);
    if (!account) throw HttpError.notFound();
    const names = await this.tenancy.customerNames([account.endCustomerId]);
    return {
      id: account.id,
      username: account.username,
      name: account.name,
      email: account.email,
      phone: account.phone,
      level: account.level,
      groupName: account.groupName,
      endCustomerName: account.endCustomerId ? (names.get(account.endCustomerId) ?? null) : null,
      scope: account.scope,
      otpEnabled: account.otpEnabled,
      permissions: user.permissions,
    };
  }

  async updateProfile(user: SessionUser, request: FastifyRequest, input: ProfileInput): Promise<MyAccount> {
    const email = blankToNull(input.email);
    const current = await this.directory.findAccount(user.id);
    // The second factor is sent by e-mail: the address may not go while it is on.
    if (current?.otpEnabled && !email) throw HttpError.badRequest('users.errors.emailNeededForOtp', 'email');
    // The e-mail receives password-reset links and one-time codes: whoever changes it must know the password.
    const emailChanges = email !== (current?.email ?? null);
    if (emailChanges) await this.assertCurrentPassword(user, input.currentPassword);
    await this.directory.updateAccount(user.id, { name: input.name.trim(), email, phone: blankToNull(input.phone) });
    if (emailChanges) await this.sessions.revokeOtherSessions(user.id, request);
    return this.get(user);
  }

  async changePassword(user: SessionUser, request: FastifyRequest, currentPassword: string, newPassword: string): Promise<void> {
    await this.assertCurrentPassword(user, currentPassword);
    await this.directory.setPassword(user.id, newPassword);
    await this.sessions.revokeOtherSessions(user.id, request);
  }

  async setSecondFactor(user: SessionUser, request: FastifyRequest, input: SecondFactorInput): Promise<MyAccount> {
    await this.assertCurrentPassword(user, input.currentPassword);
    const account = await this.directory.findAccount(user.id);
    if (input.otpEnabled && !account?.email) throw HttpError.badRequest('users.errors.emailNeededForOtp', 'otpEnabled');
    await this.directory.updateAccount(user.id, { otpEnabled: input.otpEnabled });
    if (account?.otpEnabled && !input.otpEnabled) await this.sessions.revokeOtherSessions(user.id, request);
    return this.get(user);
  }
}
