import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../core/client/testing/fake-api';
import { defaultRuleSettings, type EventRule, type EventRuleSettings } from '../common';
import { EventSettingsStore } from './store';

function rule(id: string, settings: Partial<EventRuleSettings> = {}): EventRule {
  return {
    ...defaultRuleSettings(),
    name: `Rule ${id}`,
    ...settings,
    id,
    appId: 'plant',
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
  };
}

const devices = [
  {
    itemName: 'th-1',
    displayName: 'Fridge',
    deviceType: 'thermometer',
    tags: ['kitchen', 'cold'],
    fields: [{ name: 'temperature', displayName: 'Temperature' }],
    commands: [{ id: 'cool', display: 'Cool down' }],
  },
];

describe('Event Setting store', () => {
  it('loads the rules and the devices’ types, groups and fields', async () => {
    const { http } = fakeApi({
      'GET system-events-api/plant/event-settings': () => [rule('a')],
      'GET system-events-api/plant/event-settings/devices': () => devices,
    });
    const store = EventSettingsStore.create({}, { http });
    await store.open('plant');
    expect(store.rules.map((r) => r.name)).toEqual(['Rule a']);
    expect(store.deviceTypes).toEqual(['thermometer']);
    expect(store.tags).toEqual(['cold', 'kitchen']);
    expect(store.fieldNames).toEqual(['temperature']);
    expect(store.commandsOf('th-1')).toEqual([{ id: 'cool', display: 'Cool down' }]);
  });

  it('keeps a 403 for the page to say No Permission', async () => {
    const { http } = fakeApi({
      'GET system-events-api/plant/event-settings': () => apiError(403, 'You have no permission.'),
      'GET system-events-api/plant/event-settings/devices': () => devices,
    });
    const store = EventSettingsStore.create({}, { http });
    await store.open('plant');
    expect(store.loading.failure?.status).toBe(403);
  });

  it('creates, switches and deletes rules, and keeps a refused save’s messages per field', async () => {
    const saved: unknown[] = [];
    const { http } = fakeApi({
      'GET system-events-api/plant/event-settings': () => [],
      'GET system-events-api/plant/event-settings/devices': () => [],
      'POST system-events-api/plant/event-settings': ({ body }) => {
        const settings = body as EventRuleSettings;
        if (settings.name === '') return apiError(400, 'Please enter a name.', { name: 'Please enter a name.' });
        return rule('new', settings);
      },
      'PUT system-events-api/plant/event-settings/:id': ({ params, body }) => (
        saved.push(body),
        rule(params.id!, body as EventRuleSettings)
      ),
      'DELETE system-events-api/plant/event-settings/:id': () => undefined,
    });
    const store = EventSettingsStore.create({}, { http });
    await store.open('plant');

    const refused = await store.create(defaultRuleSettings());
    expect(refused.ok).toBe(false);
    expect(store.saving.fieldError('name')).toBe('Please enter a name.');

    expect((await store.create({ ...defaultRuleSettings(), name: 'Hot' })).ok).toBe(true);
    expect(store.selected?.name).toBe('Hot');

    expect((await store.setEnabled('new', false)).ok).toBe(true);
    expect(saved).toEqual([expect.objectContaining({ name: 'Hot', enabled: false })]);
    expect(store.rules[0]!.enabled).toBe(false);

    expect((await store.remove('new')).ok).toBe(true);
    expect(store.rules).toHaveLength(0);
    expect(store.selected).toBeUndefined();
  });
});
