import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { createToken } from '@sensorium/core/common';

/**
 * The server's structured logger (pino, one JSON object a line). A plugin that lists `LoggerToken` in its deps gets a
 * child logger whose every line carries `plugin: <id>`.
 */
export type Logger = FastifyBaseLogger;
export const LoggerToken = createToken<Logger>('core.logger');

/**
 * What a piece of work is part of. Every line logged while it runs, by any logger, carries these fields, so the lines of
 * one request, one ingest batch or one job run can be found together; a job carries the request or batch that queued it.
 */
export interface LogContext {
  /** The HTTP request (its X-Request-Id, or one the server made up). */
  reqId?: string;
  /** An ingest batch, and the requests whose uplinks it holds (HTTP ingest). */
  ingestBatch?: string;
  reqIds?: string[];
  /** A job: an interval job's id or a queue's name, and the queued job's id. */
  job?: string;
  jobId?: string;
}

const contexts = new AsyncLocalStorage<LogContext>();

/** Runs `work` (and everything it starts) in `context`, which replaces the caller's. */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return contexts.run(context, work);
}

/** The context of the running work, if any. */
export function currentLogContext(): LogContext | undefined {
  return contexts.getStore();
}

/**
 * A pino `mixin`: the running work's context on every line. Fields a child logger already binds (a request's own logger
 * binds `reqId`) are left out, so no line carries a key twice.
 */
export function logContextMixin(
  _mergeObject: object,
  _level: number,
  logger: { bindings(): Record<string, unknown> },
): Partial<LogContext> {
  const context = contexts.getStore();
  if (!context) return {};
  const bound = logger.bindings();
  const fields: Partial<LogContext> = {};
  for (const [key, value] of Object.entries(context) as [keyof LogContext, LogContext[keyof LogContext]][]) {
    if (value !== undefined && !(key in bound)) Object.assign(fields, { [key]: value });
  }
  return fields;
}
