import { createToken } from '@sensorium/core/common';
import type { SqlExecutor } from '@sensorium/nodes/common';

/** What the holder of a public alert link may do besides viewing the event. */
export type PublicLinkAction = 'ack' | 'clear';

export interface PublicLinkRequest {
  appId: string;
  eventId: string;
  /** The contact the link is sent to: acting through it records the contact as the actor. */
  contactId: string | null;
  /** The name the history and audit trail show for that actor. */
  actorLabel: string;
  actions: readonly PublicLinkAction[];
  /** Default 7 days, at most 30. */
  ttlSeconds?: number;
}

export interface PublicLink {
  /** The compact signed token (about 50 characters, so it fits in an SMS). */
  token: string;
  /** The console's address of the public viewer: `${SENSORIUM_PUBLIC_URL}/public/event/${token}`. */
  url: string;
  expiresAt: string;
}

/** Signed, expiring, revocable links to one event (the public-alert plugin), issued per recipient of a notification. */
export interface PublicLinks {
  /** Issues a link; with `tx`, in the caller's transaction (the notification's delivery row and its link commit together). */
  issue(request: PublicLinkRequest, tx?: SqlExecutor): Promise<PublicLink>;
  /** Issues one link per request with one statement, in their order (a batch of events' notifications). */
  issueMany(requests: readonly PublicLinkRequest[], tx?: SqlExecutor): Promise<PublicLink[]>;
  /** Revokes every link of the event (for instance once it is cleared). */
  revokeForEvent(eventId: string, tx?: SqlExecutor): Promise<number>;
}
export const PublicLinksToken = createToken<PublicLinks>('public-alert.links');
