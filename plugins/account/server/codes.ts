import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SIGNUP_CODE_LENGTH } from '../common';

/** A six-digit code from the CSPRNG. */
export function newCode(): string {
  return String(randomInt(0, 10 ** SIGNUP_CODE_LENGTH)).padStart(SIGNUP_CODE_LENGTH, '0');
}

/** 32 random bytes, base64url: the link token of a pending sign-up or a password reset. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens carry 256 bits, so a plain SHA-256 is enough to keep them unusable from a copy of the database. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Six digits are few, so codes are keyed with a server secret: a copy of the table alone cannot test them. */
export class CodeHasher {
  constructor(private readonly secret: string) {}

  digest(scope: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${scope}:${code}`).digest('hex');
  }

  matches(stored: string, scope: string, code: string): boolean {
    const expected = Buffer.from(stored, 'hex');
    const given = Buffer.from(this.digest(scope, code), 'hex');
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
