import { randomUUID } from 'node:crypto';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import {
  defineAppRoute,
  HttpError,
  isFieldObject,
  type AnyRouteDefinition,
  type DataSourceSink,
  type RejectedMessage,
} from '@sensorium/core/server';

class IngestParams {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  appId!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  itemName!: string;
}

const OUTCOME_SCHEMA = {
  type: 'object',
  properties: {
    stored: { type: 'integer' },
    duplicates: { type: 'integer' },
    unknown: { type: 'integer' },
    rejected: { type: 'integer' },
  },
};

/**
 * POST /api/ingest/{appId}/{itemName}: the generic HTTP data source. The answer comes after the commit: 202 when stored,
 * 200 when the Idempotency-Key was stored before (a retry), 404 for an item the application does not have. What can never
 * be stored (larger than `maxUplinkBytes`: 413; no object or text the database cannot hold: 400) is also kept as a dead
 * letter, counted and logged, like junk arriving over MQTT.
 */
export function ingestRoutes(sink: DataSourceSink, maxUplinkBytes: number): AnyRouteDefinition[] {
  return [
    defineAppRoute({
      method: 'POST',
      url: '/ingest/:appId/:itemName',
      errors: [413],
      app: 'appId',
      summary: "Send an item's field values (JSON object); header Idempotency-Key makes a retry count once",
      permission: 'nodemanagement',
      params: IngestParams,
      response: OUTCOME_SCHEMA,
      // One record per uplink would flood the audit log; the raw data history keeps every ingest.
      audit: false,
      handler: async ({ params, request, reply }) => {
        const fields = request.body;
        const text = JSON.stringify(fields) ?? '';
        const refuse = async (reason: RejectedMessage['reason'], error: HttpError): Promise<never> => {
          const origin = `POST /api/ingest/${params.appId}/${params.itemName}`;
          await sink.reject([{ source: 'api', origin, payload: text, reason, applicationId: params.appId }]);
          throw error;
        };
        if (Buffer.byteLength(text) > maxUplinkBytes) {
          return refuse('too-large', new HttpError(413, 'http-source.tooLarge', { max: maxUplinkBytes }));
        }
        if (!isFieldObject(fields)) return refuse('not-an-uplink', HttpError.badRequest('http-source.bodyNotObject'));
        const header = request.headers['idempotency-key'];
        const idempotencyKey = typeof header === 'string' && header.trim() ? header.trim().slice(0, 200) : null;
        const outcome = await sink.ingest([
          {
            source: 'api',
            deviceId: params.itemName,
            applicationId: params.appId,
            dedupKey: idempotencyKey ? `${params.appId}:${params.itemName}:${idempotencyKey}` : randomUUID(),
            receivedAt: new Date(),
            fields,
            raw: fields,
          },
        ]);
        // Already dead-lettered by the sink (a NUL or a lone surrogate in the values).
        if (outcome.rejected) throw HttpError.badRequest('http-source.unstorable');
        if (outcome.unknown > 0) throw HttpError.notFound('http-source.unknownItem');
        reply.code(outcome.stored > 0 ? 202 : 200);
        return outcome;
      },
    }),
  ];
}
