import type { AuditLog, Logger } from '@sensorium/core/server';
import type { EventStore } from '@sensorium/events/common';
import { GATEWAY_OFFLINE_AFTER_MS, type GatewayType } from '../common';
import type { GatewayRepository, GatewayRow } from './repository';
import type { NetworkServerLookup } from './routes';

/** The applications an offline gateway's event goes to: its organisation's, with devices of its network server. */
export type ServedApplications = (type: GatewayType, organisationId: string | null) => Promise<string[]>;

export interface OfflineEventTexts {
  /** The event's description for a gateway gone offline. */
  description(row: GatewayRow): string;
  /** Its additional information (last seen). */
  additionalInfo(row: GatewayRow): string;
}

export interface GatewayStatusDeps {
  repository: GatewayRepository;
  networkServer: NetworkServerLookup;
  audit: AuditLog;
  events: EventStore;
  servedApplications: ServedApplications;
  texts: OfflineEventTexts;
  /** The offline event's severity (GATEWAYS_OFFLINE_SEVERITY). */
  severity: number;
  logger: Logger;
}

/** The events plugin's subject of a gateway's events. */
export const gatewaySubject = (row: Pick<GatewayRow, 'id'>) => `gateway:${row.id}`;

/**
 * Reads each synced gateway's last-seen time from its network server (the MQTT feeds write theirs as they hear them),
 * then marks the gateways not heard from within GATEWAY_OFFLINE_AFTER_MS offline: each transition is written to the
 * audit trail once (a system record, no user) and raises an event in the applications the gateway serves. A gateway
 * heard from again is online: its events are resumed and cleared.
 */
export class GatewayStatusMonitor {
  constructor(private readonly deps: GatewayStatusDeps) {}

  async run(now = new Date(), signal?: AbortSignal): Promise<void> {
    const { repository, networkServer, logger } = this.deps;
    for (const row of await repository.all()) {
      if (signal?.aborted) return;
      if (!row.synced) continue;
      try {
        const server = await networkServer(row.type, row.organisationId);
        const seen = await server?.lastSeen(row.gatewayId);
        if (seen) await repository.seen(row.id, seen);
      } catch (error) {
        logger.warn({ err: error, gatewayId: row.gatewayId }, 'could not read the gateway’s last-seen time');
      }
    }
    const threshold = new Date(now.getTime() - GATEWAY_OFFLINE_AFTER_MS);
    for (const row of await repository.markOnline(threshold)) {
      await this.deps.events
        .resumeSubjectEvents(gatewaySubject(row), 'online', row.latestPackageUpdate ?? now)
        .catch((error: unknown) => logger.error({ err: error, gatewayId: row.gatewayId }, 'gateway events not resumed'));
    }
    for (const row of await repository.markOffline(threshold, now)) {
      await this.wentOffline(row, now).catch((error: unknown) =>
        logger.error({ err: error, gatewayId: row.gatewayId }, 'gateway offline not recorded'),
      );
    }
  }

  private async wentOffline(row: GatewayRow, now: Date): Promise<void> {
    const { audit, events, servedApplications, texts, severity } = this.deps;
    await audit.record({
      userId: null,
      username: null,
      type: 'system',
      action: 'gateways.offline',
      target: row.name,
      pluginId: 'gateways',
      address: null,
      outcome: 'success',
      detail: {
        gatewayId: row.gatewayId,
        type: row.type,
        lastSeen: row.latestPackageUpdate?.toISOString() ?? null,
        organisationId: row.organisationId,
      },
    });
    await events.raiseSubjectEvents({
      subject: gatewaySubject(row),
      appIds: await servedApplications(row.type, row.organisationId),
      eventType: 'gateway',
      name: row.name,
      severity,
      description: texts.description(row),
      status: 'offline',
      additionalInfo: texts.additionalInfo(row),
      at: now,
    });
  }
}
