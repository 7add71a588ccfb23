import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSourceSinkToken, type Uplink } from '@sensorium/core/server';
import type { Item } from '@sensorium/nodes/common';
import { databaseBackends, startTestServer, type TestServer } from '../../../../host/server/testing';
import applications from '../../../applications/server';
import nodes from '../../../nodes/server';
import devicePipeline from '../index';
import type { IngestService } from './index';

describe.each(databaseBackends())('discarded readings on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let sink: IngestService;
  let counter = 0;

  const uplink = (fields: Record<string, unknown>, receivedAt: Date): Uplink => ({
    source: 'chirpstack',
    deviceId: '00000000000002b1',
    dedupKey: `discard-${++counter}`,
    receivedAt,
    fields,
  });

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, nodes, devicePipeline] });
    admin = (await server.login()).access_token;
    sink = server.running.resolve(DataSourceSinkToken) as IngestService;
    const app = await server.request('POST', '/api/application/new/', {
      token: admin,
      body: { id: 'meters', name: 'Meters', description: '', endCustomerId: 'end_default' },
    });
    expect(app.status).toBe(201);
    await server.request('GET', '/api/node-structure-item/meters/tree', { token: admin });
  });
  afterAll(() => server?.close());

  it('are counted on the item across batches with the last one and its reason, while valid fields go on', async () => {
    const added = await server.request<Item>('POST', '/api/node-structure-item/meters/items', {
      token: admin,
      body: {
        newItem: { itemType: 'item', itemName: 'meter-1', dataSource: { type: 'chirpstack', deviceEUI: '00000000000002b1' } },
        parentName: 'root',
      },
    });
    expect(added.status).toBe(201);
    const first = new Date(Date.now() - 10_000);
    const second = new Date(Date.now() - 5_000);
    await sink.ingest([uplink({ energy: 29_912_345.6, voltage: 231 }, first)]);
    await sink.ingest([uplink({ energy: 29_912_346.1, voltage: 232 }, second)]);
    const item = (await server.request<Item>('GET', `/api/node-structure-item/meters/items/${added.body.uuid}`, { token: admin }))
      .body;
    expect(item.outputSimple).toEqual({ voltage: 232 });
    expect(item.lastValidDate).toBeNull();
    expect(item.status.discarded).toEqual({
      energy: {
        count: 2,
        value: '29912346.1',
        reason: 'spikeFilter',
        min: -100000,
        max: 100000,
        at: second.toISOString(),
      },
    });
  });
});
