import type { ApplicationSetting } from '@sensorium/applications/common';
import type { EventNodeInfo, EventStatus } from '@sensorium/events/common';
import type { PublicLinkAction } from './public-links';

/**
 * An event as the public viewer shows it (accounts §3 "Event (public viewer)"). The field names are the spec's, its
 * spelling of `isAcknowledeged`, `acknowledegedBy` and `acknowledegedDateTime` included: they are the viewer's contract.
 */
export interface PublicEvent {
  description: string;
  /** 0 to 4. */
  severity: number;
  generatedDateTime: string;
  locationDisplayStr: string;
  additionalInfo: string;
  eventType: string;
  equipmentName: string;
  node: EventNodeInfo;
  isCleared: boolean;
  isAcknowledeged: boolean;
  acknowledegedBy: string | null;
  acknowledegedDateTime: string | null;
  clearedBy: string | null;
  clearedDateTime: string | null;
  resumeStatus: string | null;
  eventStatus: EventStatus;
  /** Whether the link may do what the viewer offers now (Clear once resumed, else ACK): decided by the server. */
  ackPermission: boolean;
}

/** GET /system-events-api/public/event/?payload= */
export interface PublicEventResponse {
  event: PublicEvent;
  /** The name of the contact the link was sent to. */
  username: string;
  /**
   * `logo`: the image's address (under /api, authorised by the same payload), or null when the application has none.
   * `setting`: the application's severity settings, so the viewer names and colours the severity as the console does.
   */
  app: { name: string; logo: string | null; setting: ApplicationSetting };
}

/** A link as the event's page lists it (GET /public-alert/:appId/links?eventId=); the token itself is never shown again. */
export interface PublicLinkSummary {
  jti: string;
  contactId: string | null;
  actorLabel: string;
  actions: PublicLinkAction[];
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  usedAt: string | null;
}
