import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSourceSinkToken } from '@sensorium/core/server';
import type { Item } from '@sensorium/nodes/common';
import { createTestApplication, databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import events from '../../events/server';
import nodes from '../../nodes/server';
import themes from '../../themes/server';
import { SHARED_LIVE_EVENTS } from '../common';
import plugin from './index';

const PLUGINS = [applications, themes, nodes, devicePipeline, events, plugin];
const APP = 'live_share';
const BOILER_EUI = '00000000000e0001';
const PUMP_EUI = '00000000000e0002';

/** An open live stream: its events as they come. */
interface Stream {
  next(): Promise<EventSourceMessage>;
  close(): Promise<void>;
}

describe.each(databaseBackends())('a share link’s live stream on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let token = '';
  let dashboardId = '';
  const uuids: Record<string, string> = {};

  const api = (method: string, path: string, body?: unknown) => server.request(method, `/api${path}`, { token: admin, body });
  const open = async (credential = token): Promise<Stream> => {
    const response = await fetch(`${server.url}/api/dashboard-share/live`, {
      headers: { authorization: `Bearer ${credential}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
    return {
      next: async () => {
        const { done, value } = await reader.read();
        if (done) throw new Error('the stream ended');
        return value;
      },
      close: () => reader.cancel(),
    };
  };
  let sequence = 0;
  const uplink = (deviceId: string, temperature: number) =>
    server.running.resolve(DataSourceSinkToken).ingest([
      {
        source: 'chirpstack',
        deviceId,
        dedupKey: `live-${(sequence += 1)}`,
        receivedAt: new Date(),
        fields: { temperature },
        raw: { temperature },
      },
    ]);

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: PLUGINS });
    admin = (await server.login()).access_token;
    await createTestApplication(server, admin, { id: APP, name: 'Live share' });
    for (const [itemName, deviceEUI] of [
      ['boiler', BOILER_EUI],
      ['pump', PUMP_EUI],
    ] as const) {
      const added = await api('POST', `/node-structure-item/${APP}/items`, {
        parentName: 'root',
        newItem: { itemName, itemType: 'item', dataSource: { type: 'chirpstack', deviceEUI } },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      uuids[itemName] = (added.body as Item).uuid;
    }
    const created = await api('POST', `/dashboards/${APP}`, {
      name: 'Boiler',
      isMain: true,
      themeId: null,
      widgets: [
        {
          id: 'card',
          type: 'value-card',
          title: 'Boiler',
          position: { x: 0, y: 0, w: 6, h: 4 },
          bindings: [{ itemUuid: uuids.boiler, field: 'temperature' }],
          options: {},
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    dashboardId = created.body.id as string;
    token = (await api('POST', `/dashboards/${APP}/${dashboardId}/share-links`, { validHours: 2 })).body.token as string;
  });
  afterAll(() => server?.close());

  it('streams the new values of the dashboard’s bound items, and nothing of the items it does not show', async () => {
    const stream = await open();
    await uplink(PUMP_EUI, 7);
    await uplink(BOILER_EUI, 55.5);
    const event = await stream.next();
    expect(event.event).toBe(SHARED_LIVE_EVENTS.values);
    expect(JSON.parse(event.data)).toEqual([
      expect.objectContaining({ uuid: uuids.boiler, outputSimple: { temperature: 55.5 } }),
    ]);
    await stream.close();
  });

  it('refuses a revoked link’s stream with a translated 401 before it opens', async () => {
    const link = (await api('POST', `/dashboards/${APP}/${dashboardId}/share-links`, { validHours: 2 })).body as {
      id: string;
      token: string;
    };
    expect((await api('DELETE', `/dashboards/${APP}/${dashboardId}/share-links/${link.id}`)).status).toBe(200);
    const refused = await fetch(`${server.url}/api/dashboard-share/live`, {
      headers: { authorization: `Bearer ${link.token}`, 'accept-language': 'zh-HK' },
    });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('tells an open stream that the server restarts when it drains, so the view opens it again elsewhere', async () => {
    const stream = await open();
    const closing = server.close();
    expect((await stream.next()).event).toBe(SHARED_LIVE_EVENTS.restart);
    await closing;
  });
});
