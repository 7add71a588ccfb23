import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PublicLinkAction } from '../common';

/**
 * The compact link token (SMS segments are 160 characters, so no JWT):
 * `base64url(version ‖ jti 12 B ‖ exp u32 ‖ action bits) . base64url(HMAC-SHA256(key, part 1))[0..16 B]`, 47 characters.
 * The signature makes it tamper-proof; the row behind the jti names the event, the application, the contact and the key.
 */
const VERSION = 1;
const JTI_BYTES = 12;
const CLAIMS_BYTES = 1 + JTI_BYTES + 4 + 1;
const SIGNATURE_BYTES = 16;
const ACTION_BITS: Record<PublicLinkAction, number> = { ack: 1, clear: 2 };

export interface LinkClaims {
  /** base64url of 12 random bytes: the links table's key. */
  jti: string;
  /** Unix seconds. */
  exp: number;
  actions: PublicLinkAction[];
}

export const newJti = (): string => randomBytes(JTI_BYTES).toString('base64url');

/** Canonical base64url only: Node's decoder skips stray characters and spare bits, which would let variants of one token verify. */
function decodeExact(text: string, length: number): Buffer | null {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.length === length && bytes.toString('base64url') === text ? bytes : null;
}

const sign = (secret: Buffer, claims: Buffer): Buffer =>
  createHmac('sha256', secret).update(claims).digest().subarray(0, SIGNATURE_BYTES);

export function encodeLinkToken(claims: LinkClaims, secret: Buffer): string {
  const bytes = Buffer.alloc(CLAIMS_BYTES);
  bytes.writeUInt8(VERSION, 0);
  Buffer.from(claims.jti, 'base64url').copy(bytes, 1);
  bytes.writeUInt32BE(claims.exp, 1 + JTI_BYTES);
  bytes.writeUInt8(
    claims.actions.reduce((bits, action) => bits | ACTION_BITS[action], 0),
    CLAIMS_BYTES - 1,
  );
  return `${bytes.toString('base64url')}.${sign(secret, bytes).toString('base64url')}`;
}

/** The token's claims without checking its signature (the jti names the key to check it with); null when malformed. */
export function readLinkToken(token: string): { claims: LinkClaims; signed: Buffer; signature: Buffer } | null {
  const [claimsText, signatureText, extra] = token.split('.');
  if (claimsText === undefined || signatureText === undefined || extra !== undefined) return null;
  const signed = decodeExact(claimsText, CLAIMS_BYTES);
  const signature = decodeExact(signatureText, SIGNATURE_BYTES);
  if (!signed || !signature || signed.readUInt8(0) !== VERSION) return null;
  const bits = signed.readUInt8(CLAIMS_BYTES - 1);
  const actions = (Object.keys(ACTION_BITS) as PublicLinkAction[]).filter((action) => bits & ACTION_BITS[action]);
  return {
    claims: {
      jti: signed.subarray(1, 1 + JTI_BYTES).toString('base64url'),
      exp: signed.readUInt32BE(1 + JTI_BYTES),
      actions,
    },
    signed,
    signature,
  };
}

/** True when the token was signed with this secret (compared in constant time). */
export function signatureMatches(read: { signed: Buffer; signature: Buffer }, secret: Buffer): boolean {
  return timingSafeEqual(sign(secret, read.signed), read.signature);
}
