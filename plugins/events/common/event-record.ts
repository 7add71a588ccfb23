/** Where an event's node came from and what it showed (accounts §3 "Event (public viewer)": node). */
export interface EventNodeInfo {
  itemDisplayName: string;
  itemName: string;
  signal?: string;
  value?: string;
  unit?: string;
  rangeStatus?: string;
  displayName?: string;
}

/** created → acked → cleared, or created → cleared without acknowledgement (nodes §4). */
export type EventStatus = 'created' | 'acked' | 'cleared';

/**
 * What the event's range (or rule) asked to happen, copied when the event was created so that a later edit of the range
 * does not change escalations already running. Keyed by the plugin that acts on it: `notification` (notifications:
 * the range's notificationSetting), `webhook` and `task` (event-actions: webhookSetting, eventSetting.task). Each plugin
 * parses its own part and ignores the others.
 */
export type EventActions = Readonly<Record<string, unknown>>;

/** An event as the API and the hooks see it; the field names are the spec's (accounts §3). Dates are ISO text. */
export interface EventRecord {
  id: string;
  appId: string;
  itemUuid: string;
  itemName: string;
  field: string;
  rangeIndex: number;
  rangeName: string;
  /** The event-settings rule that raised it; null for a field range's event. */
  ruleId: string | null;
  severity: number;
  description: string;
  eventType: string;
  generatedDateTime: string;
  location: string;
  additionalInfo: string;
  equipmentName: string;
  node: EventNodeInfo;
  value: string | null;
  unit: string | null;
  rangeStatus: string | null;
  resumeStatus: string | null;
  eventStatus: EventStatus;
  isAcknowledged: boolean;
  acknowledgedBy: string | null;
  acknowledgedDateTime: string | null;
  isCleared: boolean;
  clearedBy: string | null;
  clearedDateTime: string | null;
  actions: EventActions;
  updatedAt: string;
}

/** The rows of an event's history, one per transition (and per notification sent). */
export type EventHistoryKind = 'created' | 'updated' | 'acknowledged' | 'cleared' | 'auto-cleared' | 'notified';

/** Who did it: a signed-in user, a contact acting through a public link or a voice call, or the system (auto clear). */
export interface EventActor {
  kind: 'user' | 'contact' | 'system';
  /** The user's or contact's id; null for the system. */
  id: string | null;
  /** The name shown in the history, the event's acknowledgedBy/clearedBy and the audit trail. */
  label: string;
  /** The network address the actor acted from, for the audit trail only (not kept in the history). */
  address?: string | null;
}

export const SYSTEM_ACTOR: EventActor = { kind: 'system', id: null, label: 'system' };

export interface EventHistoryEntry {
  id: string;
  eventId: string;
  at: string;
  kind: EventHistoryKind;
  actor: EventActor;
  comment: string | null;
  /** Kind-specific facts: the value of an update, the channel and contact of a notification, a task's outcome. */
  detail: Record<string, unknown>;
}
