import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { HttpError, type CredentialVerifier, type Database } from '@sensorium/core/server';
import type { ApiKeyRow, NewApiKey } from '../common';
import { apiKeys } from './schema';

/** Keys read `snk_` and 43 URL-safe characters (32 random bytes); lists show the first 12 characters. */
const KEY_PREFIX = 'snk_';
const SHOWN_LENGTH = 12;
const KEY_PATTERN = /^snk_[A-Za-z0-9_-]{43}$/;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from a path: one that is not a uuid names nothing (404), rather than failing in the database. */
function uuidOrNotFound(id: string): string {
  if (!UUID_PATTERN.test(id)) throw HttpError.notFound();
  return id;
}

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

function newKey(): { key: string; prefix: string; keyHash: string } {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, SHOWN_LENGTH), keyHash: hashKey(key) };
}

const toRow = (row: typeof apiKeys.$inferSelect): ApiKeyRow => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** A user's own API keys: stored as sha256 hashes, shown once when created or replaced. */
export class ApiKeyRepository {
  constructor(private readonly db: Database) {}

  async list(userId: string): Promise<ApiKeyRow[]> {
    const rows = await this.db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(asc(apiKeys.createdAt));
    return rows.map(toRow);
  }

  async create(userId: string, name: string): Promise<NewApiKey> {
    const { key, prefix, keyHash } = newKey();
    const [row] = await this.db.insert(apiKeys).values({ userId, name: name.trim(), prefix, keyHash }).returning();
    return { ...toRow(row!), key };
  }

  /** Revoking replaces the key: the old one stops at once and the new one is answered, once. */
  async revoke(userId: string, id: string): Promise<NewApiKey> {
    const { key, prefix, keyHash } = newKey();
    const [row] = await this.db
      .update(apiKeys)
      .set({ prefix, keyHash, createdAt: new Date(), lastUsedAt: null })
      .where(and(eq(apiKeys.id, uuidOrNotFound(id)), eq(apiKeys.userId, userId)))
      .returning();
    if (!row) throw HttpError.notFound();
    return { ...toRow(row), key };
  }

  async remove(userId: string, id: string): Promise<void> {
    const deleted = await this.db
      .delete(apiKeys)
      .where(and(eq(apiKeys.id, uuidOrNotFound(id)), eq(apiKeys.userId, userId)))
      .returning({ id: apiKeys.id });
    if (deleted.length === 0) throw HttpError.notFound();
  }

  /** The owner of a key, or null; notes when it was last used. */
  async ownerOf(key: string): Promise<string | null> {
    if (!KEY_PATTERN.test(key)) return null;
    const [row] = await this.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date() })
      .where(eq(apiKeys.keyHash, hashKey(key)))
      .returning({ userId: apiKeys.userId });
    return row?.userId ?? null;
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Reads `Authorization: ApiKey <key>` or `X-API-Key: <key>`; core refuses the owner when disabled. */
export function apiKeyVerifier(keys: ApiKeyRepository): CredentialVerifier {
  return {
    id: 'users.api-key',
    async verify(request) {
      const authorization = header(request.headers.authorization)?.match(/^ApiKey\s+(\S+)\s*$/i)?.[1];
      const key = authorization ?? header(request.headers['x-api-key'])?.trim();
      return key ? keys.ownerOf(key) : null;
    },
  };
}
