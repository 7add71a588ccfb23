import { getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type StoreEnv } from '@sensorium/core/client';
import type { ApplicationSetting } from '@sensorium/applications/common';
import type { PublicEvent, PublicEventResponse, PublicLinkAction } from '../common';

const PublicNodeModel = types.model('PublicAlertNode', {
  itemDisplayName: '',
  itemName: '',
  signal: types.maybe(types.string),
  value: types.maybe(types.string),
  unit: types.maybe(types.string),
  rangeStatus: types.maybe(types.string),
  displayName: types.maybe(types.string),
});

/** The event as the viewer's calls answer it (accounts §3 "Event (public viewer)", the spec's spelling included). */
const PublicEventModel = types.model('PublicAlertEvent', {
  description: types.string,
  severity: types.number,
  generatedDateTime: types.string,
  locationDisplayStr: types.string,
  additionalInfo: types.string,
  eventType: types.string,
  equipmentName: types.string,
  node: PublicNodeModel,
  isCleared: types.boolean,
  isAcknowledeged: types.boolean,
  acknowledegedBy: types.maybeNull(types.string),
  acknowledegedDateTime: types.maybeNull(types.string),
  clearedBy: types.maybeNull(types.string),
  clearedDateTime: types.maybeNull(types.string),
  resumeStatus: types.maybeNull(types.string),
  eventStatus: types.enumeration(['created', 'acked', 'cleared']),
  ackPermission: types.boolean,
});

/** The viewer's modes (accounts §4 "Public alert viewer"). */
export type PublicAlertMode = 'info' | 'confirmClear' | 'confirmAck' | 'success' | 'error';

/** What the viewer offers for the event: a Clear or ACK button, the Ack-ed or Cleared mark, or nothing. */
export type OfferedAction = 'clear' | 'ack' | 'acked' | 'cleared' | null;

/** The public alert viewer's state, (the plugin store `publicAlert`, loaded on first use): the link's event, the mode, and the calls. */
export const PublicAlertStore = types
  .model('PublicAlertStore', {
    payload: '',
    event: types.maybeNull(PublicEventModel),
    username: '',
    appName: '',
    /** The logo's address, authorised by the payload; null without a logo. */
    appLogo: types.maybeNull(types.string),
    /** The application's severity settings: the event's severity is named and coloured as in the console. */
    appSetting: types.frozen<ApplicationSetting>({}),
    mode: types.optional(types.enumeration<PublicAlertMode>(['info', 'confirmClear', 'confirmAck', 'success', 'error']), 'info'),
    /** What the last confirmed step did, for the success message. */
    done: types.maybeNull(types.enumeration<PublicLinkAction>(['ack', 'clear'])),
    loading: types.optional(RequestModel, {}),
    acting: types.optional(RequestModel, {}),
  })
  .views((self) => ({
    /** A cleared event is shown as history. */
    get isHistory(): boolean {
      return self.event?.isCleared ?? false;
    },
    /** In history mode, or once cleared or acknowledged, the severity style is 0 (accounts §4). */
    get severityStyle(): number {
      const event = self.event;
      if (!event || event.isCleared || event.isAcknowledeged) return 0;
      return event.severity;
    },
    get offered(): OfferedAction {
      const event = self.event;
      if (!event) return null;
      if (event.isCleared) return 'cleared';
      if (event.resumeStatus) return 'clear';
      if (event.isAcknowledeged) return 'acked';
      return event.severity !== 0 ? 'ack' : null;
    },
    /** The server's message of the failed load or step, shown in error mode. */
    get errorMessage(): string | null {
      return self.acting.failure?.message ?? self.loading.failure?.message ?? null;
    },
  }))
  .actions((self) => ({
    show(response: PublicEventResponse) {
      self.event = PublicEventModel.create(response.event);
      self.username = response.username;
      self.appName = response.app.name;
      self.appLogo = response.app.logo;
      self.appSetting = response.app.setting;
    },
    replaceEvent(event: PublicEvent) {
      self.event = PublicEventModel.create(event);
    },
    setMode(mode: PublicAlertMode) {
      self.mode = mode;
    },
    setDone(action: PublicLinkAction) {
      self.done = action;
    },
    /** ACK or Clear asks for confirmation first. */
    ask(action: PublicLinkAction) {
      if (self.mode === 'info') self.mode = action === 'ack' ? 'confirmAck' : 'confirmClear';
    },
    /** Cancel (from a confirmation) and Back (from success or error) return to the event. */
    backToInfo() {
      self.acting.clear();
      self.mode = 'info';
    },
  }))
  .actions((self) => {
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;
    return {
      /** Loads the link's event; a refused link (forged, expired, revoked) shows the server's message in error mode. */
      async load(payload: string): Promise<void> {
        self.payload = payload;
        self.setMode('info');
        const outcome = await track(self.loading, () =>
          http().get('system-events-api/public/event/', { searchParams: { payload } }).json<PublicEventResponse>(),
        );
        if (self.payload !== payload) return;
        if (outcome.ok) self.show(outcome.value);
        else self.setMode('error');
      },
      /** Acknowledges or clears as confirmed; the server's answer replaces the event. */
      async confirm(comment: string): Promise<void> {
        if (self.mode !== 'confirmAck' && self.mode !== 'confirmClear') return;
        const action: PublicLinkAction = self.mode === 'confirmAck' ? 'ack' : 'clear';
        const outcome = await track(self.acting, () =>
          http()
            .post(`system-events-api/public/${action}/`, {
              json: { payload: self.payload, ...(comment.trim() ? { comment } : {}) },
            })
            .json<PublicEvent>(),
        );
        if (outcome.ok) {
          self.replaceEvent(outcome.value);
          self.setDone(action);
          self.setMode('success');
        } else self.setMode('error');
      },
    };
  });

export type PublicAlertStoreInstance = Instance<typeof PublicAlertStore>;
