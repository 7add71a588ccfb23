import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { PushMessage } from '@sensorium/core/common';
import { PushHubToken, UserDirectoryToken } from '@sensorium/core/server';
import { connectPush, databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import users from '../../users/server';
import { NODE_TREE_TOPIC } from '../common/tree-push';
import type { Item } from '../common/types';
import nodes from './index';

interface Watcher {
  socket: WebSocket;
  /** The applications of the `node-tree` messages received, in order. */
  trees: string[];
}

// Items deleted, added or moved by someone else show in every open console of the application (issue 12 item 7).
describe.each(databaseBackends())('tree changes pushed to open consoles on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let probes = 0;
  const sockets: WebSocket[] = [];

  const api = (appId: string) => `/api/node-structure-item/${appId}`;
  const send = (method: string, path: string, body?: unknown, token = admin) => server.request(method, path, { token, body });
  const addItem = async (appId: string, itemName: string, parentName = 'root', tags: string[] = []): Promise<Item> => {
    const itemType = parentName === 'root' ? 'node' : 'item';
    const added = await send('POST', `${api(appId)}/items`, { newItem: { itemType, itemName }, parentName });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    if (tags.length === 0) return added.body;
    return (await send('PATCH', `${api(appId)}/items/${added.body.uuid}`, { tags })).body;
  };
  /** A console of `appId` open for the user of `token`: subscribed once the server has the subscription. */
  const watch = async (appId: string, token = admin): Promise<Watcher> => {
    const socket = await connectPush(server, token);
    sockets.push(socket);
    const watcher: Watcher = { socket, trees: [] };
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as PushMessage<{ appId: string }>;
      if (message.topic === NODE_TREE_TOPIC) watcher.trees.push(`${message.key}:${message.data.appId}`);
    });
    // A socket's messages are handled in order: once its probe subscription is in, so is the application's.
    const probe = `probe-${++probes}`;
    socket.send(JSON.stringify({ subscribe: NODE_TREE_TOPIC, key: appId }));
    socket.send(JSON.stringify({ subscribe: NODE_TREE_TOPIC, key: probe }));
    const hub = server.running.container.resolve(PushHubToken);
    await expect.poll(() => hub.hasSubscribers(NODE_TREE_TOPIC, probe)).toBe(true);
    return watcher;
  };
  const endCustomerUser = async (username: string, appId: string, deviceTags: string[]): Promise<string> => {
    const directory = server.running.container.resolve(UserDirectoryToken);
    const group = await directory.createGroup({ name: `${username} group`, permissions: ['nodemanagement'] as never });
    const password = `${username}-Passw0rd!`;
    const { id } = await directory.createUser({
      username,
      password,
      level: 'end-customer',
      groupId: group.id,
      endCustomerId: 'end_default',
    });
    const added = await send('POST', `/api/application-users/${appId}/users`, { userId: id, deviceTags });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return (await server.login(username, password)).access_token;
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, users, nodes] });
    admin = (await server.login()).access_token;
    for (const id of ['north', 'south']) {
      const created = await send('POST', '/api/application/new/', {
        id,
        name: id,
        description: '',
        endCustomerId: 'end_default',
      });
      expect(created.status).toBe(201);
      await send('GET', `${api(id)}/tree`);
    }
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.close();
  });

  it('tells the consoles of the application, and only those, when an item is deleted or moved', async () => {
    await addItem('north', 'hall');
    await addItem('north', 'yard');
    const pump = await addItem('north', 'pump', 'hall');
    const gone = await addItem('north', 'old-pump', 'hall');
    await addItem('south', 'shed');
    const northConsole = await watch('north');
    const southConsole = await watch('south');

    expect((await send('DELETE', `${api('north')}/items/${gone.uuid}`)).status).toBe(204);
    await expect.poll(() => northConsole.trees).toEqual(['north:north']);
    const moved = await send('PUT', `${api('north')}/structure`, {
      structure: [{ itemName: 'hall' }, { itemName: 'yard', children: [{ itemName: pump.itemName }] }],
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await expect.poll(() => northConsole.trees).toEqual(['north:north', 'north:north']);

    // A change of the other application reaches its console after everything sent before: north's never came.
    await addItem('south', 'barn');
    await expect.poll(() => southConsole.trees).toEqual(['south:south']);
    expect(northConsole.trees).toHaveLength(2);
  });

  it('tells a user limited to device tags only about changes of the tree it sees', async () => {
    await addItem('south', 'dock');
    const tagged = await addItem('south', 'crane', 'dock', ['cranes']);
    const hidden = await addItem('south', 'forklift', 'dock', ['forklifts']);
    const limitedConsole = await watch('south', await endCustomerUser('crane_viewer', 'south', ['cranes']));
    const fullConsole = await watch('south');

    expect((await send('DELETE', `${api('south')}/items/${hidden.uuid}`)).status).toBe(204);
    await expect.poll(() => fullConsole.trees).toHaveLength(1);
    expect((await send('DELETE', `${api('south')}/items/${tagged.uuid}`)).status).toBe(204);
    await expect.poll(() => fullConsole.trees).toHaveLength(2);
    // The forklift's deletion changed nothing it sees; the crane's did (and took the dock out of its tree).
    await expect.poll(() => limitedConsole.trees).toEqual(['south:south']);
  });
});
