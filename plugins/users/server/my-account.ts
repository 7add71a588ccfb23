import { eq } from 'drizzle-orm';
import type { SessionUser } from '@sensorium/core/common';
import { HttpError, type Database, type UserDirectory } from '@sensorium/core/server';
import type { MyAccount, ProfileInput } from '../common';
import { accountColumns, endCustomers, userGroups, users } from './schema';

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The signed-in user's own account. */
export class MyAccountService {
  constructor(
    private readonly db: Database,
    private readonly directory: UserDirectory,
  ) {}

  async get(user: SessionUser): Promise<MyAccount> {
    const [row] = await this.db
      .select({
        ...accountColumns,
        groupName: userGroups.name,
        endCustomerName: endCustomers.name,
        scope: users.scope,
        otpEnabled: users.otpEnabled,
      })
      .from(users)
      .leftJoin(userGroups, eq(userGroups.id, users.groupId))
      .leftJoin(endCustomers, eq(endCustomers.id, users.endCustomerId))
      .where(eq(users.id, user.id));
    if (!row) throw HttpError.notFound();
    return { ...row, permissions: user.permissions };
  }

  async updateProfile(user: SessionUser, input: ProfileInput): Promise<MyAccount> {
    const email = blankToNull(input.email);
    const [current] = await this.db.select({ otpEnabled: users.otpEnabled }).from(users).where(eq(users.id, user.id));
    // The second factor is sent by e-mail: the address may not go while it is on.
    if (current?.otpEnabled && !email) throw HttpError.badRequest('users.errors.emailNeededForOtp', 'email');
    await this.db
      .update(users)
      .set({ name: input.name.trim(), email, phone: blankToNull(input.phone), updatedAt: new Date() })
      .where(eq(users.id, user.id));
    return this.get(user);
  }

  async changePassword(user: SessionUser, currentPassword: string, newPassword: string): Promise<void> {
    const verified = await this.directory.verifyPassword(user.username, currentPassword);
    if (!verified || verified.id !== user.id) throw HttpError.badRequest('users.errors.wrongCurrentPassword', 'currentPassword');
    await this.directory.setPassword(user.id, newPassword);
  }

  async setSecondFactor(user: SessionUser, otpEnabled: boolean): Promise<MyAccount> {
    if (otpEnabled) {
      const [row] = await this.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
      if (!row?.email) throw HttpError.badRequest('users.errors.emailNeededForOtp', 'otpEnabled');
    }
    await this.db.update(users).set({ otpEnabled, updatedAt: new Date() }).where(eq(users.id, user.id));
    return this.get(user);
  }
}
