import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import { defaultNotificationSetting } from '../../common/field-preference';
import { RangeActionStore } from './range-action-store';
import { testItem } from './test-data';

const contact = {
  id: 'c1',
  name: 'Ann',
  smsNum: '1',
  phone: '2',
  email: 'ann@example.com',
  department: 'Ops',
  post: 'Lead',
  smsEnable: true,
  phoneEnable: false,
  emailEnable: true,
};

describe('RangeActionStore', () => {
  it('loads the application’s contacts', async () => {
    const api = fakeApi({ 'GET node-structure-item/:appId/contacts': () => ({ contacts: [contact] }) });
    const store = RangeActionStore.create({ appId: 'a1' }, { http: api.http });
    expect((await store.loadContacts()).ok).toBe(true);
    expect(store.contacts.map((entry) => entry.name)).toEqual(['Ann']);
  });

  it('asks once for a device’s commands, and knows none for an unknown device', async () => {
    const api = fakeApi({
      'GET node-structure-item/:appId/items/:uuid/commands': () => ({ commands: [{ id: 'open', display: 'Open' }] }),
    });
    const store = RangeActionStore.create({ appId: 'a1' }, { http: api.http });
    await Promise.all([store.loadCommands('cs1', 'u-cs1'), store.loadCommands('cs1', 'u-cs1'), store.loadCommands('nope', null)]);
    expect(api.calls).toEqual(['GET node-structure-item/a1/items/u-cs1/commands']);
    expect(store.commands.get('cs1')?.map((command) => command.id)).toEqual(['open']);
    expect(store.commands.get('nope')).toHaveLength(0);
    store.reset('a2');
    expect(store.commands.size).toBe(0);
  });

  it('stores a range’s notification and answers the item; a refusal keeps the server’s message', async () => {
    const api = fakeApi({
      'PUT node-structure-item/:appId/items/:uuid/notification': () => testItem(),
      'PUT node-structure-item/:appId/items/:uuid/task': () => apiError(400, 'Unknown device.'),
    });
    const store = RangeActionStore.create({ appId: 'a1' }, { http: api.http });
    const saved = await store.saveNotification('u-sensor1', 'temperature', 0, defaultNotificationSetting());
    expect(saved.ok && saved.value.itemName).toBe('sensor1');
    const refused = await store.saveTask('u-sensor1', 'temperature', 0, {
      taskCreated: { enable: true, device: 'x', commandId: '' },
      taskAcked: { enable: false, device: '', commandId: '' },
      taskCleared: { enable: false, device: '', commandId: '' },
    });
    expect(refused.ok).toBe(false);
    expect(store.saving.failure?.message).toBe('Unknown device.');
  });
});
