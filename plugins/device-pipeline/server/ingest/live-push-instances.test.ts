import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PUSH_TOPICS, type PushMessage } from '@sensorium/core/common';
import { DataSourceSinkToken, PushHubToken, UserDirectoryToken, type Uplink } from '@sensorium/core/server';
import { startTestServer, type TestServer } from '../../../../host/server/testing';
import applications from '../../../applications/server';
import events from '../../../events/server';
import nodes from '../../../nodes/server';
import type { Item } from '@sensorium/nodes/common';
import devicePipeline from '../index';
import type { IngestService, NodeValuesMessage } from './index';

// Two consoles on one PostgreSQL database (the cluster bus there is LISTEN/NOTIFY): a browser on one sees the values
// the other ingested, as behind a load balancer.
describe('live values across two instances on one PostgreSQL database', () => {
  const plugins = [applications, nodes, devicePipeline, events];
  let ingesting: TestServer;
  let watched: TestServer;

  beforeAll(async () => {
    ingesting = await startTestServer({ backend: 'postgres', plugins });
    watched = await startTestServer({ backend: 'postgres', plugins, databaseUrl: ingesting.databaseUrl! });
  });
  afterAll(async () => {
    await watched?.close();
    await ingesting?.close();
  });

  it('reach a browser connected to the other instance, only if its user may see the application', async () => {
    const admin = (await ingesting.login()).access_token;
    const created = await ingesting.request('POST', '/api/application/new/', {
      token: admin,
      body: { id: 'plant', name: 'Plant', description: '', endCustomerId: 'end_default' },
    });
    expect(created.status).toBe(201);
    const added = await ingesting.request<Item>('POST', '/api/node-structure-item/plant/items', {
      token: admin,
      body: {
        newItem: { itemType: 'item', itemName: 'far-1', dataSource: { type: 'chirpstack', deviceEUI: '00000000000009a1' } },
        parentName: 'root',
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const users = watched.running.container.resolve(UserDirectoryToken);
    const group = await users.createGroup({ name: 'outsiders', permissions: [] as never, organisationId: 'org-elsewhere' });
    await users.createUser({
      username: 'outsider',
      password: 'outsider-password',
      level: 'si-customer',
      groupId: group.id,
      organisationId: 'org-elsewhere',
    });

    const connect = async (token: string) => {
      const socket = new WebSocket(`${watched.url.replace(/^http/, 'ws')}/api/ws?token=${encodeURIComponent(token)}`);
      const values: NodeValuesMessage[] = [];
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as PushMessage<NodeValuesMessage>;
        if (message.topic === PUSH_TOPICS.nodeValues) values.push(message.data);
      });
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      socket.send(JSON.stringify({ subscribe: PUSH_TOPICS.nodeValues, key: 'plant' }));
      return { socket, values };
    };
    const watcher = await connect((await watched.login()).access_token);
    const outsider = await connect((await watched.login('outsider', 'outsider-password')).access_token);
    const hub = watched.running.resolve(PushHubToken);
    await expect.poll(() => hub.hasSubscribers(PUSH_TOPICS.nodeValues, 'plant')).toBe(true);
    // No socket on the ingesting instance: it fans out all the same, since the other may have some.
    expect(ingesting.running.resolve(PushHubToken).hasSubscribers(PUSH_TOPICS.nodeValues, 'plant')).toBe(false);

    const sink = ingesting.running.resolve(DataSourceSinkToken) as IngestService;
    const uplink = (v: number): Uplink => ({
      source: 'chirpstack',
      deviceId: '00000000000009a1',
      dedupKey: `far-${v}`,
      receivedAt: new Date(),
      fields: { v },
      raw: { object: { v } },
      meta: {},
    });
    for (const v of [1, 2, 3]) await sink.ingest([uplink(v)]);
    await expect
      .poll(
        () =>
          watcher.values.flatMap((message) => message.items.filter((item) => item.uuid === added.body.uuid)).at(-1)?.outputSimple
            .v,
        {
          timeout: 5_000,
        },
      )
      .toBe(3);
    expect(watcher.values.every((message) => message.appId === 'plant')).toBe(true);
    // The watching instance filtered: a user of another organisation, subscribed there too, got none of them.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(outsider.values).toEqual([]);
    watcher.socket.close();
    outsider.socket.close();
  });
});
