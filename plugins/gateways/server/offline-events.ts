import type { ApplicationAccess } from '@sensorium/applications/common';
import type { ItemLookup } from '@sensorium/nodes/common';
import { gatewaysI18n } from '../common';
import type { GatewayRow } from './repository';
import type { OfflineEventTexts, ServedApplications } from './status-monitor';

/**
 * The applications a gateway serves: those of its organisation (the operator's own for an operator's gateway) holding
 * enabled devices of its network server's data source. An application without LoRaWAN devices there is not bothered.
 */
export function servedApplications(items: ItemLookup, access: Pick<ApplicationAccess, 'ownerOf'>): ServedApplications {
  return async (type, organisationId) => {
    const appIds = [...new Set((await items.enabledItemsOfSource(type)).map((item) => item.appId))];
    const owners = await Promise.all(appIds.map(async (appId) => ({ appId, owner: await access.ownerOf(appId) })));
    return owners.filter(({ owner }) => owner && owner.organisationId === organisationId).map(({ appId }) => appId);
  };
}

const english = (gatewaysI18n.en.gateways as { events: Record<string, string> }).events;
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * An event keeps one text for every reader, as a range's own description does; the gateway's is the English one of the
 * plugin's texts (gateways.events).
 */
export const offlineEventTexts: OfflineEventTexts = {
  description: (row: GatewayRow) => fill(english.offline!, { name: row.name, gatewayId: row.gatewayId }),
  additionalInfo: (row: GatewayRow) =>
    fill(english.lastSeen!, { lastSeen: row.latestPackageUpdate?.toISOString() ?? '-', type: row.type }),
};
