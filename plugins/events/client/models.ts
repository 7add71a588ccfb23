import { types, type Instance } from 'mobx-state-tree';
import { EVENT_STATUS_FILTERS } from '../common/event-query';

/** The node an event came from and what it showed (accounts §3 "Event (public viewer)": node). */
export const EventNodeModel = types.model('EventNode', {
  itemDisplayName: '',
  itemName: '',
  signal: types.maybe(types.string),
  value: types.maybe(types.string),
  unit: types.maybe(types.string),
  rangeStatus: types.maybe(types.string),
  displayName: types.maybe(types.string),
});

/** An event as the Event View shows it (EventRecord; the actions snapshot stays on the server's answer). */
export const EventModel = types.model('Event', {
  id: types.string,
  appId: types.string,
  itemUuid: types.string,
  itemName: types.string,
  field: types.string,
  rangeName: types.string,
  severity: types.number,
  description: types.string,
  eventType: types.string,
  generatedDateTime: types.string,
  location: types.string,
  additionalInfo: types.string,
  equipmentName: types.string,
  node: types.optional(EventNodeModel, {}),
  value: types.maybeNull(types.string),
  unit: types.maybeNull(types.string),
  rangeStatus: types.maybeNull(types.string),
  resumeStatus: types.maybeNull(types.string),
  eventStatus: types.enumeration('EventStatus', ['created', 'acked', 'cleared']),
  isAcknowledged: types.boolean,
  acknowledgedBy: types.maybeNull(types.string),
  acknowledgedDateTime: types.maybeNull(types.string),
  isCleared: types.boolean,
  clearedBy: types.maybeNull(types.string),
  clearedDateTime: types.maybeNull(types.string),
});
export type EventInstance = Instance<typeof EventModel>;

/** A row of an event's history (EventHistoryEntry; its kind-specific detail stays on the server's answer). */
export const HistoryEntryModel = types.model('EventHistoryEntry', {
  id: types.string,
  at: types.string,
  kind: types.enumeration('EventHistoryKind', ['created', 'updated', 'acknowledged', 'cleared', 'auto-cleared', 'notified']),
  actor: types.model('EventActor', {
    kind: types.enumeration('EventActorKind', ['user', 'contact', 'system']),
    id: types.maybeNull(types.string),
    label: types.string,
  }),
  comment: types.maybeNull(types.string),
});
export type HistoryEntryInstance = Instance<typeof HistoryEntryModel>;

/** The Event View's filters (EventFilters). */
export const EventFiltersModel = types.model('EventFilters', {
  severity: types.maybeNull(types.number),
  status: types.maybeNull(types.enumeration('EventStatusFilter', [...EVENT_STATUS_FILTERS])),
  from: '',
  to: '',
  device: '',
  tags: '',
  q: '',
});
