import { jwtVerify, SignJWT, type JWTPayload } from 'jose';

const ALGORITHM = 'HS256';
const ISSUER = 'sensorium';

export interface AccessClaims {
  userId: string;
  /** The refresh-token family of the login this access token came from; logout revokes it. */
  familyId: string;
}

/** A verified access token: its claims and when it expires (milliseconds since the epoch). */
export interface VerifiedAccess extends AccessClaims {
  expiresAt: number;
}

export interface RefreshClaims extends AccessClaims {
  tokenId: string;
}

/** Signs and checks the session's JWTs (HS256, `exp` in seconds). `typ` keeps a refresh token from passing as an access token. */
export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  private sign(claims: JWTPayload, subject: string, ttlSeconds: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM })
      .setIssuer(ISSUER)
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  private async verify(token: string, type: 'access' | 'refresh'): Promise<JWTPayload | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALGORITHM], issuer: ISSUER });
      const wellFormed = typeof payload.sub === 'string' && typeof payload.family === 'string' && typeof payload.exp === 'number';
      return payload.typ === type && wellFormed ? payload : null;
    } catch {
      return null;
    }
  }

  signAccess(claims: AccessClaims): Promise<string> {
    return this.sign({ typ: 'access', family: claims.familyId }, claims.userId, this.accessTtlSeconds);
  }

  signRefresh(claims: RefreshClaims, ttlSeconds: number): Promise<string> {
    return this.sign({ typ: 'refresh', family: claims.familyId, jti: claims.tokenId }, claims.userId, ttlSeconds);
  }

  async verifyAccess(token: string): Promise<VerifiedAccess | null> {
    const payload = await this.verify(token, 'access');
    return payload ? { userId: payload.sub!, familyId: payload.family as string, expiresAt: payload.exp! * 1000 } : null;
  }

  async verifyRefresh(token: string): Promise<RefreshClaims | null> {
    const payload = await this.verify(token, 'refresh');
    if (!payload || typeof payload.jti !== 'string') return null;
    return { userId: payload.sub!, familyId: payload.family as string, tokenId: payload.jti };
  }
}

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}
