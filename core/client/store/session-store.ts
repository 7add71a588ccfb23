import { getEnv, types, type Instance } from 'mobx-state-tree';
import { hasPermission, type PermissionKey, type SessionUser } from '@sensorium/core/common';
import type { TokenPair } from '../token-store';
import type { StoreEnv } from './env';

export interface Credentials {
  username: string;
  password: string;
  rememberMe: boolean;
}

/**
 * The signed-in user and the session calls (spec §7 Session).
 * `status` is `unknown` until the stored tokens have been checked once with GET /api/auth/me.
 */
export const SessionModel = types
  .model('Session', {
    user: types.frozen<SessionUser | null>(null),
    status: types.optional(types.enumeration('SessionStatus', ['unknown', 'anonymous', 'authenticated']), 'unknown'),
  })
  .volatile(() => ({ restoring: null as Promise<void> | null }))
  .views((self) => ({
    get isLoggedIn(): boolean {
      return self.user !== null;
    },
    get permissions(): readonly PermissionKey[] {
      return self.user?.permissions ?? [];
    },
    hasPermission(key: PermissionKey | undefined): boolean {
      return hasPermission(self.user, key);
    },
  }))
  .actions((self) => ({
    setUser(user: SessionUser | null) {
      self.user = user;
      self.status = user ? 'authenticated' : 'anonymous';
    },
  }))
  .actions((self) => {
    const env = () => getEnv<StoreEnv>(self);

    const loadMe = async (): Promise<SessionUser> => {
      const user = await env().http.get('auth/me').json<SessionUser>();
      self.setUser(user);
      return user;
    };

    return {
      loadMe,

      /** Signs in; a failure throws the HTTP error, whose body carries the server's translated message. */
      async login(credentials: Credentials): Promise<SessionUser> {
        const { tokens, http } = env();
        const pair = await http.post('auth/login', { json: credentials }).json<TokenPair>();
        tokens.clear();
        tokens.save(pair, credentials.rememberMe);
        return loadMe();
      },

      /** Revokes the session on the server (best effort) and forgets it in the browser. */
      async logout(): Promise<void> {
        const { tokens, http } = env();
        const refreshToken = tokens.refreshToken;
        if (tokens.accessToken) {
          await http.post('auth/logout', { json: { refresh_token: refreshToken ?? undefined } }).catch(() => undefined);
        }
        tokens.clear();
        self.setUser(null);
      },

      /** Forgets the session without calling the server, e.g. after the refresh token was refused. */
      clear() {
        env().tokens.clear();
        self.setUser(null);
      },

      /** Checks the stored tokens once (later calls share the result); guards await it before deciding. */
      restore(): Promise<void> {
        if (!self.restoring) {
          const check = env().tokens.hasSession()
            ? loadMe().then(
                () => undefined,
                () => self.setUser(null),
              )
            : Promise.resolve(self.setUser(null));
          self.restoring = check;
        }
        return self.restoring;
      },
    };
  });

export type SessionStore = Instance<typeof SessionModel>;
