import { isNotNull, and } from 'drizzle-orm';
import type { Database, DeviceOwners } from '@sensorium/core/server';
import type { ApplicationAccess } from '@sensorium/applications/common';
import { applicationKey } from '../../common/device-identity';
import { nodeItems } from '../schema';

interface Binding {
  application: string | null;
  organisationId: string | null;
}

/**
 * DeviceOwners over node_items (provided as core's DeviceOwnersToken): every bound item's device with the organisation of
 * its application, matched the way DeviceRouter routes an uplink (the item bound to the named application, else the
 * device's item bound to none; bindings never overlap, so at most one matches).
 */
export function deviceOwners(db: Database, access: ApplicationAccess): DeviceOwners {
  return {
    async snapshot() {
      const rows = await db
        .selectDistinct({
          source: nodeItems.sourceType,
          deviceId: nodeItems.deviceId,
          application: nodeItems.deviceApplication,
          appId: nodeItems.appId,
        })
        .from(nodeItems)
        .where(and(isNotNull(nodeItems.sourceType), isNotNull(nodeItems.deviceId)));
      const appIds = [...new Set(rows.map((row) => row.appId))];
      const owners = new Map(await Promise.all(appIds.map(async (appId) => [appId, await access.ownerOf(appId)] as const)));
      const byDevice = new Map<string, Binding[]>();
      for (const row of rows) {
        const owner = owners.get(row.appId);
        if (!owner) continue;
        const key = `${row.source}\u0000${row.deviceId}`;
        const binding = { application: row.application, organisationId: owner.organisationId };
        byDevice.set(key, [...(byDevice.get(key) ?? []), binding]);
      }
      return {
        ownerOf(source, deviceId, application) {
          const candidates = byDevice.get(`${source}\u0000${deviceId.toLowerCase()}`) ?? [];
          const named = applicationKey(application);
          if (named !== null) {
            const match =
              candidates.find((binding) => binding.application === named) ??
              candidates.find((binding) => binding.application === null);
            return match?.organisationId;
          }
          // A topic naming no application could reach any of the device's items: it belongs to one owner only when all do.
          const organisations = new Set(candidates.map((binding) => binding.organisationId));
          return organisations.size === 1 ? candidates[0]!.organisationId : undefined;
        },
      };
    },
  };
}
