import { currentLogContext, type LogContext } from '@sensorium/core/server';

/** The field of a queued job's data that carries what queued it; workers never see it. */
const CARRIED_FIELD = '_logContext';

type Origin = Pick<LogContext, 'reqId' | 'reqIds' | 'ingestBatch'>;

/** What queued a job (a request, an ingest batch), from the running work's log context; null when nothing did. */
function origin(): Origin | null {
  const context = currentLogContext();
  if (!context) return null;
  const carried: Origin = {};
  if (context.reqId) carried.reqId = context.reqId;
  if (context.reqIds?.length) carried.reqIds = context.reqIds;
  if (context.ingestBatch) carried.ingestBatch = context.ingestBatch;
  return Object.keys(carried).length > 0 ? carried : null;
}

/** The job's data with the request or batch that queues it, so the job's log lines name it. */
export function carryLogContext(data: object): object {
  const carried = origin();
  return carried ? { ...data, [CARRIED_FIELD]: carried } : data;
}

/** The job's own data, and the log context its run logs in: the job, and what queued it. */
export function takeLogContext(queue: string, jobId: string, data: object): { data: object; context: LogContext } {
  if (!(CARRIED_FIELD in data)) return { data, context: { job: queue, jobId } };
  const { [CARRIED_FIELD]: carried, ...own } = data as Record<string, unknown>;
  return { data: own, context: { ...(carried as Origin), job: queue, jobId } };
}
