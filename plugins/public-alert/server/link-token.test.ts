import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeLinkToken, newJti, readLinkToken, signatureMatches, type LinkClaims } from './link-token';

const secret = randomBytes(32);
const claims: LinkClaims = { jti: newJti(), exp: 1_795_000_000, actions: ['ack', 'clear'] };

const verifies = (token: string, key = secret): boolean => {
  const read = readLinkToken(token);
  return read !== null && signatureMatches(read, key);
};

describe('public link token', () => {
  it('is short enough for an SMS and reads back as it was made', () => {
    const token = encodeLinkToken(claims, secret);
    expect(token).toMatch(/^[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{22}$/);
    expect(readLinkToken(token)?.claims).toEqual(claims);
    expect(verifies(token)).toBe(true);
  });

  it('carries exactly the actions it was made with', () => {
    for (const actions of [[], ['ack'], ['clear'], ['ack', 'clear']] as const) {
      const token = encodeLinkToken({ ...claims, actions: [...actions] }, secret);
      expect(readLinkToken(token)?.claims.actions).toEqual(actions);
    }
  });

  it('refuses the token with any one character changed', () => {
    const token = encodeLinkToken(claims, secret);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let index = 0; index < token.length; index++) {
      if (token[index] === '.') continue;
      for (const replacement of [alphabet[(alphabet.indexOf(token[index]!) + 1) % 64], '!']) {
        const tampered = token.slice(0, index) + replacement + token.slice(index + 1);
        expect(verifies(tampered), `${tampered} (character ${index})`).toBe(false);
      }
    }
  });

  it('refuses a token whose claims were changed and signed again with another key', () => {
    const forged = encodeLinkToken({ ...claims, exp: claims.exp + 86_400 }, randomBytes(32));
    expect(verifies(forged)).toBe(false);
  });

  it('refuses malformed tokens', () => {
    const token = encodeLinkToken(claims, secret);
    const [part1, part2] = token.split('.');
    for (const malformed of [
      '',
      '.',
      part1!,
      `${part1}.`,
      `${token}.x`,
      `${part1}A.${part2}`,
      `${part1}.${part2}A`,
      `${part2}.${part1}`,
    ]) {
      expect(readLinkToken(malformed), malformed).toBeNull();
    }
  });

  it('refuses another version', () => {
    const bytes = Buffer.from(encodeLinkToken(claims, secret).split('.')[0]!, 'base64url');
    bytes.writeUInt8(2, 0);
    expect(readLinkToken(`${bytes.toString('base64url')}.${'A'.repeat(21)}w`)).toBeNull();
  });
});
