import { PUSH_TOPICS } from '@sensorium/core/common';
import type { PushHub } from '@sensorium/core/server';
import { canSeeApplication, type ApplicationAccess, type ApplicationOwner } from '@sensorium/applications/common';

/**
 * Tells the users who can see the application that its events changed, once the change committed, on every instance.
 * `owner` when the caller read it in the changing transaction (a deleted application has none to look up afterwards).
 */
export type EventsPublish = (appId: string, owner?: ApplicationOwner | null) => Promise<void>;

export interface EventsPush {
  /** `system-event-update` `{ appId }`: some of its events changed (raised, acknowledged, cleared). */
  changed: EventsPublish;
  /**
   * `system-event-refresh` `{ appId }`: many changed at once (restored from a backup, deleted with items or with the
   * application), so the bell, the cards and the Event View recount everything.
   */
  refresh: EventsPublish;
}

/** What travels to every instance: the application and its owner, read once by the instance where the change happened. */
interface EventsChanged {
  appId: string;
  owner: ApplicationOwner;
}

export function eventsPush(access: ApplicationAccess, hub: PushHub): EventsPush {
  const publisher = (topic: string): EventsPublish => {
    const send = hub.fanOut<EventsChanged>(topic, ({ appId, owner }) =>
      hub.publish({ topic, data: { appId } }, (user) => canSeeApplication(user, owner)),
    );
    return async (appId, known) => {
      const owner = known ?? (await access.ownerOf(appId));
      if (owner) send({ appId, owner });
    };
  };
  return { changed: publisher(PUSH_TOPICS.systemEventUpdate), refresh: publisher(PUSH_TOPICS.systemEventRefresh) };
}
