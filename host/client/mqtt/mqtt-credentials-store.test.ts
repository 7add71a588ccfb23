import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../core/client/testing/fake-api';
import { MqttCredentialsStore } from './mqtt-credentials-store';

const view = (organisationId: string | null, rotatedAt: string | null = null) => ({
  organisationId,
  brokerUrl: 'mqtt://127.0.0.1:1884',
  username: organisationId ?? 'sensorium',
  rotatedAt,
});

describe('MqttCredentialsStore', () => {
  it('shows a rotated password once: opening the organisation again drops it', async () => {
    const { http, calls } = fakeApi({
      'GET mqtt/device-credentials': ({ query }) => view(query.get('organisationId')),
      'POST mqtt/device-credentials/rotate': ({ query }) => ({
        ...view(query.get('organisationId'), '2026-01-01T00:00:00.000Z'),
        password: 'new-secret',
      }),
    });
    const store = MqttCredentialsStore.create({}, { http });
    await store.open('org_0123456789ab');
    expect(store.rotatable).toBe(true);
    expect(store.password).toBeNull();
    expect(await store.rotate()).toBe(true);
    expect(store.password).toBe('new-secret');
    expect(store.view?.rotatedAt).toBe('2026-01-01T00:00:00.000Z');
    await store.open('org_0123456789ab');
    expect(store.password).toBeNull();
    expect(calls).toEqual([
      'GET mqtt/device-credentials?organisationId=org_0123456789ab',
      'POST mqtt/device-credentials/rotate?organisationId=org_0123456789ab',
      'GET mqtt/device-credentials?organisationId=org_0123456789ab',
    ]);
  });

  it("offers no rotation for the operator's shared username or an external broker, and keeps a failed rotation's message", async () => {
    const { http } = fakeApi({
      'GET mqtt/device-credentials': ({ query }) =>
        query.get('organisationId') === 'org_external' ? { ...view('org_external'), brokerUrl: null } : view(null),
      'POST mqtt/device-credentials/rotate': () => apiError(409, 'No broker of its own'),
    });
    const store = MqttCredentialsStore.create({}, { http });
    await store.open(null);
    expect(store.view).toMatchObject({ username: 'sensorium', organisationId: null });
    expect(store.rotatable).toBe(false);
    await store.open('org_external');
    expect(store.rotatable).toBe(false);
    expect(await store.rotate()).toBe(false);
    expect(store.rotating.failure?.message).toBe('No broker of its own');
    expect(store.password).toBeNull();
  });
});
