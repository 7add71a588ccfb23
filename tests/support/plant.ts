import { expect } from 'vitest';
import { DataSourceSinkToken, type DataSourceSink } from '@sensorium/core/server';
import type { FieldPreference } from '@sensorium/nodes/common';
import { emailEveryContact, redRangeField, type TestServer } from '../../host/server/testing';

/** The admin's API calls, each expected to succeed (the answer is shown when not); answers the body. */
export async function adminApi(server: TestServer) {
  const token = (await server.login()).access_token;
  // Answers of every shape are read without casts, as TestServer's are.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return async (method: string, path: string, body?: unknown): Promise<any> => {
    const answer = await server.request(method, path, { token, body });
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body;
  };
}

export type AdminApi = Awaited<ReturnType<typeof adminApi>>;

/**
 * A new application of the default end customer, its node tree made, holding one ChirpStack item on `deviceEUI` whose
 * fields are `input`; answers the item.
 */
export async function plantWithItem(
  api: AdminApi,
  application: { id: string; name: string },
  item: { name: string; deviceEUI: string; input: Record<string, FieldPreference> },
): Promise<{ uuid: string }> {
  await api('POST', '/api/application/new/', { ...application, description: '', endCustomerId: 'end_default' });
  await api('GET', `/api/node-structure-item/${application.id}/tree`);
  return api('POST', `/api/node-structure-item/${application.id}/items`, {
    parentName: 'root',
    newItem: {
      itemType: 'item',
      itemName: item.name,
      dataSource: { type: 'chirpstack', deviceEUI: item.deviceEUI },
      input: item.input,
    },
  });
}

/** One ChirpStack uplink of `deviceEUI` reading `fields`, stored as the data sources store theirs. */
export function uplink(server: TestServer, deviceEUI: string, dedupKey: string, fields: Record<string, number>) {
  return (server.running.resolve(DataSourceSinkToken) as DataSourceSink).ingest([
    { source: 'chirpstack', deviceId: deviceEUI, dedupKey, receivedAt: new Date(), fields, raw: {} },
  ]);
}

/**
 * Level above 70 is "High" (red, severity 4): its event stays open until someone acts, and e-mails every contact the
 * reading and the alert's public link ("Open the alert").
 */
export function emailedHighLevel(overrides: Partial<FieldPreference> = {}): FieldPreference {
  const email = '<p>{{ itemName }} reads {{ currentOutputValue }}</p><p><a href="{{ link }}">Open the alert</a></p>';
  return redRangeField(
    'level',
    { name: 'High', from: 70, event: 'High level' },
    { notificationSetting: emailEveryContact(email) },
    overrides,
  );
}
