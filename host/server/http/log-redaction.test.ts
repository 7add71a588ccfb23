import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseConnection } from '../db/connection';
import { databaseBackends } from '../testing';
import { redactTokens, serializeErrorForLog } from './log-redaction';

describe('redactTokens', () => {
  it('hides token query values and keeps the rest of the URL', () => {
    expect(redactTokens('/api/ws?token=eyJ.abc.def')).toBe('/api/ws?token=[redacted]');
    expect(redactTokens('/api/application/plant/logo.png?t=1&token=secret&x=2')).toBe(
      '/api/application/plant/logo.png?t=1&token=[redacted]&x=2',
    );
    expect(redactTokens('/app/a/dashboard/main?dashboard_token=abc')).toBe('/app/a/dashboard/main?dashboard_token=[redacted]');
    expect(redactTokens('/api/application/')).toBe('/api/application/');
  });

  it('hides public alert tokens in the API query and in the viewer page path', () => {
    expect(redactTokens('/api/system-events-api/public/event/?payload=AQ.sig')).toBe(
      '/api/system-events-api/public/event/?payload=[redacted]',
    );
    expect(redactTokens('/public/event/AQ-_x.sig')).toBe('/public/event/[redacted]');
    expect(redactTokens('/public/event/AQ.sig?lng=en')).toBe('/public/event/[redacted]?lng=en');
  });

  it('hides the signature of a generic gateway’s delivery callback', () => {
    const delivery = '/api/notifications/callbacks/http/6f1c2b9e-0d4e-4a57-9c1b-2f8e5a7d3c10';
    expect(redactTokens(`${delivery}?sig=9b74c9897bac770ffc029102a200c5de`)).toBe(`${delivery}?sig=[redacted]`);
    expect(redactTokens(`${delivery}?status=delivered&sig=9b74c989`)).toBe(`${delivery}?status=delivered&sig=[redacted]`);
    expect(redactTokens('/api/nodes?design=1')).toBe('/api/nodes?design=1');
  });
});

describe.each(databaseBackends())('database errors in the logs on %s', (backend) => {
  let dataDir: string;
  let connection: DatabaseConnection;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sensorium-log-'));
    const databaseUrl = backend === 'postgres' ? process.env.DATABASE_URL! : null;
    connection = await openDatabase({ databaseUrl, dataDir }, () => undefined);
  });
  afterAll(async () => {
    await connection?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('logs a failing query without any of its parameter values', async () => {
    const secret = 'hunter2-secret-password';
    const failure = await connection.db
      .execute(sql`select ${secret}::integer as n, ${'alice@example.test'} as email`)
      .then(() => null)
      .catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    const lines: string[] = [];
    const app = Fastify({
      logger: {
        level: 'error',
        serializers: { err: serializeErrorForLog },
        stream: { write: (line: string) => lines.push(line) },
      },
    });
    app.log.error({ err: failure }, 'request failed');
    await app.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Failed query');
    expect(lines[0]).toContain('invalid input syntax');
    expect(lines[0]).not.toContain(secret);
    expect(lines[0]).not.toContain('alice@example.test');
  });

  it('hides the values PostgreSQL echoes in a constraint violation detail', () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
      detail: 'Key (email)=(alice@example.test) already exists.',
    });
    const serialized = JSON.stringify(serializeErrorForLog(error));
    expect(serialized).toContain('Key (email)=([redacted])');
    expect(serialized).not.toContain('alice@example.test');
  });

  it('names a live object a driver hangs on its error by its type instead of dumping it, and keeps plain fields', () => {
    class Client {
      readonly connectionParameters = { host: '127.0.0.1', database: 'sensorium' };
      readonly queue = Array.from({ length: 100 }, (_, i) => ({ i }));
    }
    const error = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      client: new Client(),
      position: { line: 3 },
      at: new Date(0),
    });
    const serialized = serializeErrorForLog(error);
    expect(serialized).toMatchObject({ code: '57P01', client: '[Client]', position: { line: 3 } });
    expect(JSON.stringify(serialized)).not.toContain('connectionParameters');
    expect(serialized.at).toEqual(new Date(0));
  });
});
