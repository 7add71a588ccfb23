import ky from 'ky';
import { describe, expect, it } from 'vitest';
import { severityPresentation } from '@sensorium/applications/common';
import type { PublicEvent, PublicEventResponse } from '../common';
import { PublicAlertStore } from './store';

const EVENT: PublicEvent = {
  description: 'Boiler too hot',
  severity: 4,
  generatedDateTime: '2026-11-25T08:00:00.000Z',
  locationDisplayStr: 'Harbour',
  additionalInfo: '',
  eventType: 'Hot',
  equipmentName: 'Boiler 1',
  node: { itemDisplayName: 'Boiler', itemName: 'boiler', value: '75.00', unit: '°C' },
  isCleared: false,
  isAcknowledeged: false,
  acknowledegedBy: null,
  acknowledegedDateTime: null,
  clearedBy: null,
  clearedDateTime: null,
  resumeStatus: null,
  eventStatus: 'created',
  ackPermission: true,
};

/** The public calls as the server answers them: a known payload shows EVENT, acting changes it; others are refused. */
function fakeApi(ackAnswer: (event: PublicEvent) => Response = (event) => Response.json(event)) {
  let event = { ...EVENT };
  const refused = () => Response.json({ statusCode: 404, message: 'Cannot retrieve alert' }, { status: 404 });
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (request.method === 'GET') {
      if (url.searchParams.get('payload') !== 'good') return refused();
      return Response.json({
        event,
        username: 'Alice Chan',
        app: {
          name: 'Harbour Plant',
          logo: null,
          setting: {
            severitySettingEnable: true,
            severitySetting: {
              '4': { name: 'Boiler alarm', description: '', color: 'purple', sound: true, enabled: true },
            },
          },
        },
      } satisfies PublicEventResponse);
    }
    const { payload } = (await request.json()) as { payload: string };
    if (payload !== 'good') return refused();
    event = url.pathname.endsWith('/ack/')
      ? { ...event, isAcknowledeged: true, acknowledegedBy: 'Alice Chan', eventStatus: 'acked', ackPermission: false }
      : { ...event, isCleared: true, clearedBy: 'Alice Chan', eventStatus: 'cleared', ackPermission: false };
    return ackAnswer(event);
  };
  return ky.create({ prefixUrl: 'http://console.test/api', fetch, retry: 0 });
}

describe('PublicAlertStore', () => {
  it('shows the link’s event in info mode with its severity and the ACK button', async () => {
    const store = PublicAlertStore.create({}, { http: fakeApi() });
    await store.load('good');
    expect(store.mode).toBe('info');
    expect(store.event?.description).toBe('Boiler too hot');
    expect(store).toMatchObject({ username: 'Alice Chan', appName: 'Harbour Plant', appLogo: null });
    expect(store.severityStyle).toBe(4);
    // The severity is named and coloured as the application sets it.
    expect(severityPresentation(store.appSetting, store.event?.severity ?? 0, (key) => key)).toMatchObject({
      name: 'Boiler alarm',
      colour: 'purple',
    });
    expect(store.offered).toBe('ack');
  });

  it('acknowledges after the confirmation, then shows success with the server’s event', async () => {
    const store = PublicAlertStore.create({}, { http: fakeApi() });
    await store.load('good');
    store.ask('ack');
    expect(store.mode).toBe('confirmAck');
    store.backToInfo();
    expect(store.mode).toBe('info');
    store.ask('ack');
    await store.confirm('On my way');
    expect(store.mode).toBe('success');
    expect(store.done).toBe('ack');
    expect(store.event).toMatchObject({ isAcknowledeged: true, acknowledegedBy: 'Alice Chan' });
    // Acknowledged: the severity style is 0 and the mark replaces the button.
    expect(store.severityStyle).toBe(0);
    expect(store.offered).toBe('acked');
    store.backToInfo();
    expect(store.mode).toBe('info');
  });

  it('offers Clear once the value resumed, and shows a cleared event as history', async () => {
    const store = PublicAlertStore.create({}, { http: fakeApi() });
    await store.load('good');
    store.replaceEvent({ ...EVENT, resumeStatus: 'Normal' });
    expect(store.offered).toBe('clear');
    store.ask('clear');
    expect(store.mode).toBe('confirmClear');
    await store.confirm('');
    expect(store).toMatchObject({ mode: 'success', done: 'clear', isHistory: true, offered: 'cleared', severityStyle: 0 });
  });

  it('shows the server’s message in error mode when the link is refused', async () => {
    const store = PublicAlertStore.create({}, { http: fakeApi() });
    await store.load('forged');
    expect(store.mode).toBe('error');
    expect(store.errorMessage).toBe('Cannot retrieve alert');
    expect(store.event).toBeNull();
  });

  it('shows the server’s message when acting fails, and Back returns to the event', async () => {
    const http = fakeApi(() => Response.json({ statusCode: 403, message: 'No Permission' }, { status: 403 }));
    const store = PublicAlertStore.create({}, { http });
    await store.load('good');
    store.ask('ack');
    await store.confirm('');
    expect(store.mode).toBe('error');
    expect(store.errorMessage).toBe('No Permission');
    store.backToInfo();
    expect(store.mode).toBe('info');
    expect(store.errorMessage).toBeNull();
  });
});
