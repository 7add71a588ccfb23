import type { AuditLog, Logger } from '@sensorium/core/server';
import { GATEWAY_OFFLINE_AFTER_MS } from '../common';
import type { GatewayRepository } from './repository';
import type { NetworkServerLookup } from './routes';

/**
 * Reads each synced gateway's last-seen time from its network server, then marks the gateways not heard from within
 * GATEWAY_OFFLINE_AFTER_MS offline: each transition is written to the audit trail once (a system record, no user),
 * and a gateway heard from again is online.
 */
export class GatewayStatusMonitor {
  constructor(
    private readonly repository: GatewayRepository,
    private readonly networkServer: NetworkServerLookup,
    private readonly audit: AuditLog,
    private readonly logger: Logger,
  ) {}

  async run(now = new Date(), signal?: AbortSignal): Promise<void> {
    for (const row of await this.repository.all()) {
      if (signal?.aborted) return;
      if (!row.synced) continue;
      try {
        const server = await this.networkServer(row.type, row.organisationId);
        const seen = await server?.lastSeen(row.gatewayId);
        if (seen) await this.repository.seen(row.id, seen);
      } catch (error) {
        this.logger.warn({ err: error, gatewayId: row.gatewayId }, 'could not read the gateway’s last-seen time');
      }
    }
    const threshold = new Date(now.getTime() - GATEWAY_OFFLINE_AFTER_MS);
    await this.repository.markOnline(threshold);
    for (const row of await this.repository.markOffline(threshold, now)) {
      await this.audit.record({
        userId: null,
        username: null,
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
    }
  }
}
