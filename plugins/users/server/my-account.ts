import type { SessionUser } from '@sensorium/core/common';
import { HttpError, type UserDirectory } from '@sensorium/core/server';
import type { MyAccount, ProfileInput } from '../common';
import type { Tenancy } from './tenancy';

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The signed-in user's own account. */
export class MyAccountService {
  constructor(
    private readonly directory: UserDirectory,
    private readonly tenancy: Tenancy,
  ) {}

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

  async updateProfile(user: SessionUser, input: ProfileInput): Promise<MyAccount> {
    const email = blankToNull(input.email);
    const current = await this.directory.findAccount(user.id);
    // The second factor is sent by e-mail: the address may not go while it is on.
    if (current?.otpEnabled && !email) throw HttpError.badRequest('users.errors.emailNeededForOtp', 'email');
    await this.directory.updateAccount(user.id, { name: input.name.trim(), email, phone: blankToNull(input.phone) });
    return this.get(user);
  }

  async changePassword(user: SessionUser, currentPassword: string, newPassword: string): Promise<void> {
    const verified = await this.directory.verifyPassword(user.username, currentPassword);
    if (!verified || verified.id !== user.id) throw HttpError.badRequest('users.errors.wrongCurrentPassword', 'currentPassword');
    await this.directory.setPassword(user.id, newPassword);
  }

  async setSecondFactor(user: SessionUser, otpEnabled: boolean): Promise<MyAccount> {
    if (otpEnabled) {
      const account = await this.directory.findAccount(user.id);
      if (!account?.email) throw HttpError.badRequest('users.errors.emailNeededForOtp', 'otpEnabled');
    }
    await this.directory.updateAccount(user.id, { otpEnabled });
    return this.get(user);
  }
}
