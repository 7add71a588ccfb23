import { cast, getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome, type StoreEnv } from '@sensorium/core/client';
import type { PublicLinkSummary } from '../../common';

export const AlertLinkModel = types
  .model('AlertLink', {
    jti: types.identifier,
    contactId: types.maybeNull(types.string),
    /** The recipient: the contact's name as the link greets them. */
    actorLabel: types.string,
    actions: types.array(types.string),
    createdAt: types.string,
    expiresAt: types.string,
    revokedAt: types.maybeNull(types.string),
    usedAt: types.maybeNull(types.string),
  })
  .views((self) => ({
    /** Whether it still opens the event: neither revoked nor expired at `now`. */
    isLive(now: number): boolean {
      return self.revokedAt === null && Date.parse(self.expiresAt) > now;
    },
  }));
export type AlertLinkInstance = Instance<typeof AlertLinkModel>;

/**
 * The public alert links sent for one event (the details' "Alert links" section), newest first, and their revocation.
 * A failed load keeps the links shown; a revoked link stays listed with its revocation time.
 */
export const AlertLinksStore = types
  .model('AlertLinks', {
    appId: types.string,
    eventId: types.string,
    links: types.array(AlertLinkModel),
    loading: types.optional(RequestModel, {}),
    revoking: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    setLinks(links: PublicLinkSummary[]) {
      self.links = cast(links);
    },
  }))
  .actions((self) => {
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;
    const base = () => `public-alert/${encodeURIComponent(self.appId)}/links`;
    async function load(): Promise<void> {
      const outcome = await track(self.loading, () =>
        http()
          .get(base(), { searchParams: { eventId: self.eventId } })
          .json<PublicLinkSummary[]>(),
      );
      if (outcome.ok) self.setLinks(outcome.value);
    }
    return {
      load,
      /** Revokes one link; the list is read again so it shows when. */
      async revoke(jti: string): Promise<Outcome<void>> {
        const outcome = await track(self.revoking, async () => {
          await http().post(`${base()}/${encodeURIComponent(jti)}/revoke`);
        });
        if (outcome.ok) await load();
        return outcome;
      },
    };
  });
export type AlertLinksStoreInstance = Instance<typeof AlertLinksStore>;
