import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, DataSourceSinkToken, type Database, type Uplink } from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import events from '../../events/server';
import { DEMO_DEVICES, DEMO_SITES } from '../common/demo-devices';
import type { TreeRow } from '../common/types';
import nodes from './index';

describe.each(databaseBackends())('nodes demo seeder on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let db: Database;
  const query = async (statement: SQL) => ((await db.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows;

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, nodes, devicePipeline, events], seedDemo: true });
    admin = (await server.login()).access_token;
    db = server.running.container.resolve(DatabaseToken);
  });
  afterAll(() => server?.close());

  it('seeds the first demo application with the sites and every demo device, bound to its DevEUI or device id', async () => {
    const { body } = await server.request('GET', '/api/node-structure-item/pump_station_north/tree', { token: admin });
    const rows = body.items as TreeRow[];
    expect(rows[0]).toMatchObject({ itemName: 'root', depth: 1 });
    for (const site of DEMO_SITES)
      expect(rows.find((row) => row.itemName === site.itemName)).toMatchObject({ depth: 2, itemType: 'node' });
    for (const device of DEMO_DEVICES) {
      expect(rows.find((row) => row.itemName === device.itemName)).toMatchObject({
        depth: 3,
        parentName: device.site,
        itemType: 'item',
        dataSourceType: device.source,
      });
    }
    const bound = await query(sql`SELECT source_type, device_id FROM node_items WHERE device_id IS NOT NULL ORDER BY device_id`);
    expect(bound).toHaveLength(DEMO_DEVICES.length);
    for (const device of DEMO_DEVICES) expect(bound).toContainEqual({ source_type: device.source, device_id: device.deviceId });
    for (const device of DEMO_DEVICES.filter((entry) => entry.source === 'chirpstack')) {
      expect(device.deviceId).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it('raises a red alarm when a demo temperature passes 30 °C and clears it when it falls back', async () => {
    const sink = server.running.resolve(DataSourceSinkToken);
    const device = DEMO_DEVICES.find((entry) => entry.behaviour === 'alarm-cycle')!;
    const uplink = (n: number, temperature: number): Uplink => ({
      source: device.source,
      deviceId: device.deviceId,
      dedupKey: `demo-test-${n}`,
      receivedAt: new Date(),
      fields: { temperature, humidity: 50, battery: 90 },
    });
    await sink.ingest([uplink(1, 31.5)]);
    const summary = async () =>
      (await server.request('GET', '/api/system-events-api/system-events/summary/', { token: admin })).body as {
        appId: string;
        severity: number;
      }[];
    expect(await summary()).toContainEqual(expect.objectContaining({ appId: 'pump_station_north', severity: 4 }));
    const [open] = await query(sql`SELECT severity, is_cleared, field FROM node_events WHERE item_name = ${device.itemName}`);
    expect(open).toEqual({ severity: 4, is_cleared: false, field: 'temperature' });

    await sink.ingest([uplink(2, 24)]);
    const [cleared] = await query(sql`SELECT is_cleared, resume_status FROM node_events WHERE item_name = ${device.itemName}`);
    expect(cleared).toMatchObject({ is_cleared: true });
    expect(await summary()).toEqual([]);

    const site = await query(sql`SELECT output_simple FROM node_items WHERE item_name = ${device.site}`);
    // The site's node data follows its sensors: only this one has reported, so the average is its value.
    expect(site[0]!.output_simple).toMatchObject({ averageTemperature: 24 });
  });
});
