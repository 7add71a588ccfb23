import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, OutboundRequestError, type Database, type DataSourceSink } from '@sensorium/core/server';
import type { ItemLookup } from '@sensorium/nodes/common';
import { RecordingSink, recordingSinkPlugin } from '../../../host/server/data-sources/recording-sink';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import { createOutboundRequests } from '../../../host/server/outbound';
import { CrawlerAdapter, type CrawlerTarget } from './crawler';
import { crawlerPlugin } from './index';

describe.each(databaseBackends())('crawler (%s)', (backend) => {
  const sink = new RecordingSink();
  let server: TestServer;
  let target: Server;
  let baseUrl: string;
  let hits = 0;
  let flakyCalls = 0;
  let db: Database;

  beforeAll(async () => {
    target = createServer((request, response) => {
      hits++;
      if (request.url === '/meter') {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ power: 1200 + hits, voltage: 229.8 }));
      } else if (request.url === '/list') {
        response.end('[1,2]');
      } else if (request.url === '/ok') {
        response.end('ok');
      } else if (request.url === '/flaky' && flakyCalls++ > 0) {
        response.end('{"level":3}');
      } else {
        response.statusCode = 500;
        response.end('down');
      }
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    server = await startTestServer({
      backend,
      plugins: [recordingSinkPlugin(sink), crawlerPlugin(200)],
      // The targets listen on loopback, which the outbound guard opens only when the operator allows it.
      outboundAllow: ['127.0.0.1'],
    });
    db = server.running.container.resolve(DatabaseToken);
    const item = (name: string, dataSource: Record<string, unknown>, enable = true) =>
      db.execute(
        sql`INSERT INTO node_items (app_id, item_name, enable, data_source) VALUES ('plant_1', ${name}, ${enable}, ${JSON.stringify(dataSource)}::jsonb)`,
      );
    await item('meter-1', { type: 'crawler', url: `${baseUrl}/meter`, interval: 1 });
    await item('broken', { type: 'crawler', url: `${baseUrl}/fail`, interval: 1 });
    await item('listy', { type: 'crawler', url: `${baseUrl}/list`, interval: 1 });
    await item('off', { type: 'crawler', url: `${baseUrl}/meter`, interval: 1 }, false);
    await item('lora', { type: 'chirpstack', deviceEUI: '0102030405060708' });
    await item('says-ok', { type: 'crawler', url: `${baseUrl}/ok`, interval: 1 });
    await item('flaky', { type: 'crawler', url: `${baseUrl}/flaky`, interval: 1 });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => target?.close(resolve));
  });

  it('polls each enabled crawler item on its interval and ingests the JSON object it answers', async () => {
    const uplinks = await sink.waitFor(2, 10_000);
    const meters = uplinks.filter((uplink) => uplink.deviceId === 'meter-1');
    expect(meters.length).toBeGreaterThanOrEqual(2);
    expect(uplinks.every((uplink) => ['meter-1', 'flaky'].includes(uplink.deviceId) && uplink.applicationId === 'plant_1')).toBe(
      true,
    );
    expect(meters[0]).toMatchObject({ source: 'crawler', fields: { voltage: 229.8 } });
    expect(meters[1]!.receivedAt.getTime() - meters[0]!.receivedAt.getTime()).toBeGreaterThanOrEqual(900);
    expect(new Set(uplinks.map((uplink) => uplink.dedupKey)).size).toBe(uplinks.length);
  });

  it('keeps each failure on its item with its time, and forgets it once the target answers again', async () => {
    const uuids = new Map(
      (
        (await db.execute(sql`SELECT item_name, uuid FROM node_items`)) as unknown as {
          rows: { item_name: string; uuid: string }[];
        }
      ).rows.map((row) => [row.item_name, row.uuid]),
    );
    const errorOf = (name: string) => sink.sourceErrors.get(uuids.get(name)!);
    await expect.poll(() => errorOf('says-ok')?.message, { timeout: 10_000 }).toMatch(/"ok" is not valid JSON/);
    expect(Date.parse(errorOf('says-ok')!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(errorOf('broken')?.message).toBe(`${baseUrl}/fail answered 500`);
    expect(errorOf('listy')?.message).toBe(`${baseUrl}/list answered no JSON object`);
    expect(errorOf('meter-1')).toBeUndefined();
    // The first fetch failed; once one is ingested the failure goes.
    await expect.poll(() => sink.uplinks.some((uplink) => uplink.deviceId === 'flaky'), { timeout: 10_000 }).toBe(true);
    expect(flakyCalls).toBeGreaterThanOrEqual(2);
    expect(errorOf('flaky')).toBeUndefined();
  });
});

describe('crawler outbound guard', () => {
  it("refuses a target on the console's own network at fetch time, with the reason recorded, and never reaches it", async () => {
    let hits = 0;
    const target = createServer((_request, response) => {
      hits++;
      response.end('{"secret":1}');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const port = (target.address() as AddressInfo).port;
    const items = {
      enabledItemsOfSource: async () =>
        ['127.0.0.1', 'localhost', '169.254.169.254'].map((host, index) => ({
          uuid: `u${index}`,
          appId: 'plant_1',
          itemName: `probe-${index}`,
          dataSource: { type: 'crawler', url: `http://${host}:${port}/`, interval: 1 },
        })),
    } as unknown as ItemLookup;
    const errors: [CrawlerTarget, unknown][] = [];
    const ingested: unknown[] = [];
    const recorded = new RecordingSink();
    const adapter = new CrawlerAdapter(items, createOutboundRequests(), recorded.errors, (failed, error) =>
      errors.push([failed, error]),
    );
    await adapter.start({ ingest: async (uplinks: unknown[]) => void ingested.push(...uplinks) } as unknown as DataSourceSink);
    try {
      expect(await adapter.poll()).toBe(0);
    } finally {
      await new Promise((resolve) => target.close(resolve));
    }
    expect(hits).toBe(0);
    expect(ingested).toEqual([]);
    expect(errors).toHaveLength(3);
    expect([...recorded.sourceErrors.keys()].sort()).toEqual(['u0', 'u1', 'u2']);
    for (const [, error] of errors) {
      expect(error).toBeInstanceOf(OutboundRequestError);
      expect((error as OutboundRequestError).reason).toBe('address-refused');
    }
  });
});
