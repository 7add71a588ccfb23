import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentLogContext,
  DataSourceSinkToken,
  defineServerPlugin,
  withLogContext,
  type LogContext,
  type Uplink,
} from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../../host/server/testing';
import applications from '../../../applications/server';
import nodes from '../../../nodes/server';
import { ruleEvaluators } from '../../common/rule-evaluators';
import devicePipeline from '../index';

/** The log context each batch's rules ran in: they run inside the batch's transaction. */
const batchContexts: (LogContext | undefined)[] = [];
const contextProbe = defineServerPlugin({
  manifest: { id: 'batch-probe', version: '1.0.0', dependsOn: ['device-pipeline'] },
  register(context) {
    context.contribute(ruleEvaluators, {
      evaluate: async () => {
        batchContexts.push(currentLogContext());
        return [];
      },
    });
  },
});

/** A sample's value in the Prometheus text, 0 when it is absent. */
function sample(metrics: string, name: string): number {
  const line = metrics.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

describe.each(databaseBackends())('ingest metrics and log context on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    batchContexts.length = 0;
    server = await startTestServer({ backend, plugins: [applications, nodes, devicePipeline, contextProbe] });
    const admin = (await server.login()).access_token;
    const app = await server.request('POST', '/api/application/new/', {
      token: admin,
      body: { id: 'plant', name: 'Plant', description: '', endCustomerId: 'end_default' },
    });
    expect(app.status).toBe(201);
    await server.request('GET', '/api/node-structure-item/plant/tree', { token: admin });
    const item = await server.request('POST', '/api/node-structure-item/plant/items', {
      token: admin,
      body: {
        newItem: { itemType: 'item', itemName: 'tank', dataSource: { type: 'chirpstack', deviceEUI: '00000000000002b1' } },
        parentName: 'root',
      },
    });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
  });
  afterAll(() => server?.close());

  it('counts uplinks by result, batch sizes and latency, and runs the batch in a log context naming it and its request', async () => {
    const sink = server.running.resolve(DataSourceSinkToken);
    const uplink = (deviceId: string, dedupKey: string): Uplink => ({
      source: 'chirpstack',
      deviceId,
      dedupKey,
      receivedAt: new Date(),
      fields: { level: 3 },
    });
    // As HTTP ingest hands uplinks over: inside the request's context.
    const outcome = await withLogContext({ reqId: 'ingest-request-1' }, () =>
      sink.ingest([uplink('00000000000002b1', 'a'), uplink('00000000000002b1', 'a'), uplink('00000000000002b1', 'b')]),
    );
    expect(outcome).toEqual({ stored: 2, duplicates: 1, unknown: 0 });
    expect(await sink.ingest([uplink('00000000000009ff', 'c')])).toEqual({ stored: 0, duplicates: 0, unknown: 1 });

    expect(batchContexts[0]).toEqual({ ingestBatch: expect.any(String), reqIds: ['ingest-request-1'] });
    const metrics = (await server.request('GET', '/metrics')).body as string;
    expect(sample(metrics, 'sensorium_ingest_uplinks_total{result="stored"}')).toBe(2);
    expect(sample(metrics, 'sensorium_ingest_uplinks_total{result="duplicate"}')).toBe(1);
    expect(sample(metrics, 'sensorium_ingest_uplinks_total{result="unknown"}')).toBe(1);
    expect(sample(metrics, 'sensorium_ingest_batch_size_count')).toBe(2);
    expect(sample(metrics, 'sensorium_ingest_batch_size_sum')).toBe(4);
    expect(sample(metrics, 'sensorium_ingest_latency_seconds_count')).toBe(4);
    expect(sample(metrics, 'sensorium_ingest_batch_duration_seconds_count')).toBe(2);
  });
});
