import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { logContextMixin, withLogContext } from '@sensorium/core/server';
import { installRequestIds, requestId } from './request-ids';

/** A server logging as start-server's does (JSON lines, the log-context mixin, request ids), into `lines`. */
function capturingApp(lines: Record<string, unknown>[]) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return Fastify({ logger: { level: 'info', mixin: logContextMixin, stream }, genReqId: requestId });
}

describe('request ids in the logs', () => {
  let app: { close(): Promise<unknown> } | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('puts the running work’s ids on lines of every logger, never a key twice', () => {
    const lines: Record<string, unknown>[] = [];
    const server = capturingApp(lines);
    app = server;
    const log = server.log;
    const pluginLog = log.child({ plugin: 'device-pipeline' });
    withLogContext({ ingestBatch: 'batch-1', reqIds: ['r-1'] }, () => pluginLog.info('batch written'));
    withLogContext({ reqId: 'r-2' }, () => log.child({ reqId: 'r-2' }).info('bound already'));
    pluginLog.info('outside any work');
    expect(lines.map(({ msg, plugin, ingestBatch, reqIds, reqId }) => ({ msg, plugin, ingestBatch, reqIds, reqId }))).toEqual([
      { msg: 'batch written', plugin: 'device-pipeline', ingestBatch: 'batch-1', reqIds: ['r-1'], reqId: undefined },
      { msg: 'bound already', plugin: undefined, ingestBatch: undefined, reqIds: undefined, reqId: 'r-2' },
      { msg: 'outside any work', plugin: 'device-pipeline', ingestBatch: undefined, reqIds: undefined, reqId: undefined },
    ]);
  });

  it('answers X-Request-Id and logs a request’s lines with it, from other loggers too and after the body was read', async () => {
    const lines: Record<string, unknown>[] = [];
    const server = capturingApp(lines);
    app = server;
    // A plugin's logger is a child of the server's, not of the request's: the context carries the id to it.
    const pluginLog = server.log.child({ plugin: 'http-source' });
    installRequestIds(server);
    server.post('/ingest', async (request) => {
      pluginLog.info({ bytes: JSON.stringify(request.body).length }, 'uplink taken');
      return { ok: true };
    });

    const given = await server.inject({
      method: 'POST',
      url: '/ingest',
      headers: { 'x-request-id': 'lb-7f3a.1', 'content-type': 'application/json' },
      payload: { deviceId: 'pump-1', fields: { level: 3 } },
    });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.1');
    const made = await server.inject({ method: 'POST', url: '/ingest', payload: { deviceId: 'pump-2' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // A header that could forge a log line is not taken.
    const forged = await server.inject({
      method: 'POST',
      url: '/ingest',
      headers: { 'x-request-id': 'x"\nlevel=60' },
      payload: {},
    });
    expect(forged.headers['x-request-id']).not.toContain('level');

    expect(lines.filter((line) => line.msg === 'uplink taken').map((line) => [line.plugin, line.reqId])).toEqual([
      ['http-source', 'lb-7f3a.1'],
      ['http-source', made.headers['x-request-id']],
      ['http-source', forged.headers['x-request-id']],
    ]);
  });
});
