import { randomUUID } from 'node:crypto';
import { DatabaseToken } from '@sensorium/core/server';
import { normalizeFieldPreference } from '@sensorium/nodes/common';
import type { TestServer } from '../../host/server/testing';
import { nodeEvents } from '../../plugins/events/server/schema';
import { nodeItems } from '../../plugins/nodes/server/schema';
import { createBenchApplication } from './bench-application';

export interface SeededApplication {
  id: string;
  /** The uuids of its devices (not its nodes). */
  items: string[];
}

const INSERT_BATCH = 2000;
const FIELDS = ['temperature', 'humidity', 'battery'] as const;

async function insertAll<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let at = 0; at < rows.length; at += INSERT_BATCH) await insert(rows.slice(at, at + INSERT_BATCH));
}

/**
 * Applications made through the API (as an operator would), each with devices under a few nodes and one open or
 * cleared event per device, bulk-inserted through the nodes and events plugins' tables (the API adds one item per call).
 * Devices look like the console's: three analog fields with values, statuses and an API data source.
 */
export async function seedApplications(
  server: TestServer,
  token: string,
  {
    applications,
    itemsPerApplication,
    nodesPerApplication,
  }: { applications: number; itemsPerApplication: number; nodesPerApplication: number },
): Promise<SeededApplication[]> {
  const db = server.running.container.resolve(DatabaseToken);
  const input = Object.fromEntries(
    FIELDS.map((field) => [field, normalizeFieldPreference(field, { signal: 'analog', decimalPlace: 1 })]),
  );
  const seeded: SeededApplication[] = [];
  const items: (typeof nodeItems.$inferInsert)[] = [];
  const events: (typeof nodeEvents.$inferInsert)[] = [];
  for (let a = 0; a < applications; a++) {
    const id = `bench_app_${String(a).padStart(3, '0')}`;
    const root = await createBenchApplication(server, token, id, `Bench application ${a}`);
    const nodes = Array.from({ length: nodesPerApplication }, (_, n) => ({ uuid: randomUUID(), itemName: `${id}-floor-${n}` }));
    nodes.forEach((node, n) =>
      items.push({ uuid: node.uuid, appId: id, itemName: node.itemName, itemType: 'node', parentUuid: root, position: n }),
    );
    const uuids: string[] = [];
    for (let i = 0; i < itemsPerApplication; i++) {
      const uuid = randomUUID();
      const itemName = `${id}-sensor-${String(i).padStart(4, '0')}`;
      const severity = i % 10 === 0 ? 3 : 0;
      uuids.push(uuid);
      items.push({
        uuid,
        appId: id,
        itemName,
        itemType: 'item',
        parentUuid: nodes[i % nodes.length]!.uuid,
        position: i,
        input,
        outputSimple: { temperature: 20 + (i % 50) / 10, humidity: 40 + (i % 30), battery: 90 },
        status: { severity, eventSeverity: severity, fieldStatus: { temperature: { status: 'Normal', color: '#107c10' } } },
        dataSource: { type: 'api', deviceEUI: `bench-${a}-${i}` },
        sourceType: 'api',
        deviceId: `bench-${a}-${i}`,
        geoInfo: { tags: i % 7 === 0 ? ['north'] : [] },
        connection: true,
        lastReceiveDate: new Date(),
        lastValidDate: new Date(),
      });
      events.push({
        appId: id,
        itemUuid: uuid,
        itemName,
        field: 'temperature',
        rangeIndex: 1,
        rangeName: 'High',
        severity: 3,
        description: 'Temperature high',
        generatedAt: new Date(Date.now() - i * 60_000),
        node: { itemDisplayName: '', itemName },
        value: '31.2',
        unit: '°C',
        eventStatus: i % 2 === 0 ? 'created' : 'cleared',
        isCleared: i % 2 === 1,
      });
    }
    seeded.push({ id, items: uuids });
  }
  await insertAll(items, (batch) => db.insert(nodeItems).values(batch));
  await insertAll(events, (batch) => db.insert(nodeEvents).values(batch));
  return seeded;
}
