import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import { defaultNotificationSetting } from '../../common/field-preference';
import { RangeActionStore } from './range-action-store';
import { testItem } from './test-data';

describe('RangeActionStore', () => {
  it('asks once for a device’s commands, and knows none for an unknown device', async () => {
    const api = fakeApi({
      'GET node-structure-item/:appId/items/:uuid/commands': () => ({
        commands: [
          { id: '', display: 'No command selected' },
          { id: 'open', display: 'Open' },
        ],
      }),
    });
    const store = RangeActionStore.create({ appId: 'a1' }, { http: api.http });
    const [first, second, unknown] = await Promise.all([
      store.commandsOf('cs1', 'u-cs1'),
      store.commandsOf('cs1', 'u-cs1'),
      store.commandsOf('nope', null),
    ]);
    expect(api.calls).toEqual(['GET node-structure-item/a1/items/u-cs1/commands']);
    expect(first.map((command) => command.id)).toEqual(['open']);
    expect(second).toBe(first);
    expect(unknown).toEqual([]);
    store.reset('a2');
    await store.commandsOf('cs1', 'u-cs1');
    expect(api.calls).toHaveLength(2);
  });

  it('stores a range’s notification and task through their own calls; a refusal keeps the server’s message', async () => {
    const api = fakeApi({
      'PUT node-structure-item/:appId/items/:uuid/notification': () => testItem(),
      'PUT node-structure-item/:appId/items/:uuid/task': () => apiError(400, 'Unknown device.'),
    });
    const store = RangeActionStore.create({ appId: 'a1' }, { http: api.http });
    const saved = await store.saveValue('u-sensor1', 'temperature', 0, 'notificationSetting', defaultNotificationSetting());
    expect(saved.ok && saved.value.itemName).toBe('sensor1');
    const refused = await store.saveValue('u-sensor1', 'temperature', 0, 'eventSetting.task', {
      taskCreated: { enable: true, device: 'x', commandId: '' },
    });
    expect(refused.ok).toBe(false);
    expect(store.saving.failure?.message).toBe('Unknown device.');
  });
});
