import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { PermissionKey, SessionUser } from '@sensorium/core/common';
import { HttpError, type Database, type NewUser, type NewUserWithHash, type UserDirectory } from '@sensorium/core/server';
import { userGroups, users } from '../db/schema';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// @node-rs/argon2 hashes with argon2id and OWASP's parameters by default.
const hashPassword = (password: string) => hash(password);

/** Accounts and user groups in core's tables. */
export class DatabaseUserDirectory implements UserDirectory {
  /** Verified against when the username is unknown, so a wrong username takes as long as a wrong password. */
  private decoyHash: Promise<string> | null = null;

  constructor(
    private readonly db: Database,
    /** What a cloud user holds: core's keys and every installed plugin's. */
    private readonly allPermissions: readonly PermissionKey[],
  ) {}

  hashPassword(password: string): Promise<string> {
    return hashPassword(password);
  }

  async createGroup(
    input: { name: string; permissions: PermissionKey[]; organisationId?: string | null },
    transaction: Database = this.db,
  ): Promise<{ id: string }> {
    const [row] = await transaction
      .insert(userGroups)
      .values({ name: input.name, permissions: input.permissions, organisationId: input.organisationId ?? null })
      .returning({ id: userGroups.id });
    return row!;
  }

  async createUser(input: NewUser | NewUserWithHash, transaction: Database = this.db): Promise<{ id: string }> {
    const passwordHash = 'passwordHash' in input ? input.passwordHash : await hashPassword(input.password);
    const [row] = await transaction
      .insert(users)
      .values({
        username: input.username,
        passwordHash,
        name: input.name ?? '',
        email: input.email ?? null,
        level: input.level,
        groupId: input.groupId ?? null,
        organisationId: input.organisationId ?? null,
        endCustomerId: input.endCustomerId ?? null,
      })
      .onConflictDoNothing({ target: users.username })
      .returning({ id: users.id });
    if (!row) throw HttpError.conflict('errors.usernameTaken', 'username');
    return row;
  }

  private async load(condition: ReturnType<typeof eq>) {
    const [row] = await this.db
      .select({ user: users, groupPermissions: userGroups.permissions })
      .from(users)
      .leftJoin(userGroups, eq(users.groupId, userGroups.id))
      .where(condition)
      .limit(1);
    return row;
  }

  private toSessionUser(row: NonNullable<Awaited<ReturnType<DatabaseUserDirectory['load']>>>): SessionUser {
    const { user } = row;
    return {
      id: user.id,
      username: user.username,
      name: user.name,
      level: user.level,
      permissions: user.level === 'cloud' ? [...this.allPermissions] : (row.groupPermissions ?? []),
      organisationId: user.organisationId,
      endCustomerId: user.endCustomerId,
    };
  }

  /** Null for unknown and disabled accounts, so a disabled user's tokens stop working at once. */
  async findSessionUser(userId: string): Promise<SessionUser | null> {
    if (!UUID_PATTERN.test(userId)) return null;
    const row = await this.load(eq(users.id, userId));
    return row && !row.user.disabled ? this.toSessionUser(row) : null;
  }

  async verifyPassword(username: string, password: string): Promise<SessionUser | null> {
    const row = await this.load(eq(users.username, username));
    if (!row) {
      this.decoyHash ??= hashPassword('decoy password that matches nothing');
      await verify(await this.decoyHash, password);
      return null;
    }
    const matches = await verify(row.user.passwordHash, password);
    return matches && !row.user.disabled ? this.toSessionUser(row) : null;
  }

  async setPassword(userId: string, password: string): Promise<void> {
    await this.db
      .update(users)
      .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
      .where(eq(users.id, userId));
  }
}
