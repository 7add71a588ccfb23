import { and, eq, isNull, ne, or, type SQL } from 'drizzle-orm';
import { HttpError, type Database } from '@sensorium/core/server';
import { applicationKey } from '../../common/device-identity';
import type { ItemDataSource } from '../../common/types';
import { nodeItems } from '../schema';

/** The node_items columns that bind an item to its device: source type, lower-case device id and device-server application. */
export interface DeviceKey {
  sourceType: string | null;
  deviceId: string | null;
  /** The device server's application (lower case, without a TTS `@tenant`); null while unknown. */
  deviceApplication: string | null;
}

/**
 * The device an item's data source names: dataSource.type, its lower-case deviceEUI and its device-server application
 * (dataSource.application, the ChirpStack or TTS application; null when none is set yet).
 */
export function deviceKeyOf(dataSource: ItemDataSource | null | undefined): DeviceKey {
  const type = typeof dataSource?.type === 'string' && dataSource.type.trim() !== '' ? dataSource.type.trim() : null;
  const eui = typeof dataSource?.deviceEUI === 'string' ? dataSource.deviceEUI.trim().toLowerCase() : '';
  const bound = Boolean(type && eui);
  return {
    sourceType: type,
    deviceId: bound ? eui : null,
    deviceApplication: bound ? applicationKey(dataSource?.application ?? dataSource?.applicationId) : null,
  };
}

/** The unique constraint a failed insert or update broke (drizzle wraps the driver's error), or null. */
export function violatedConstraint(error: unknown): string | null {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

const deviceTaken = (device: DeviceKey) =>
  new HttpError(
    409,
    'nodes.errors.deviceTaken',
    { deviceId: device.deviceId ?? '', source: device.sourceType ?? '' },
    'dataSource.deviceEUI',
  );

/**
 * Items whose binding overlaps this one: the same source and device id, and the same application, or no application on
 * either side (an item without one would take the other's uplinks as its first).
 */
export function overlapping(device: DeviceKey): SQL | undefined {
  if (!device.sourceType || !device.deviceId) return undefined;
  return and(
    eq(nodeItems.sourceType, device.sourceType),
    eq(nodeItems.deviceId, device.deviceId),
    device.deviceApplication === null
      ? undefined
      : or(isNull(nodeItems.deviceApplication), eq(nodeItems.deviceApplication, device.deviceApplication)),
  );
}

/**
 * A device identity (source, device id, device-server application) belongs to one item in one application: a duplicate
 * in the same application is a 409 naming the device; one held by any other application, of this tenant or another, is a
 * 400 that says no more (another tenant learns nothing about it).
 */
export class DeviceBinding {
  constructor(private readonly db: Database) {}

  async assertFree(device: DeviceKey, appId: string, exceptUuid?: string): Promise<void> {
    const overlap = overlapping(device);
    if (!overlap) return;
    const taken = await this.db
      .select({ appId: nodeItems.appId })
      .from(nodeItems)
      .where(and(overlap, exceptUuid ? ne(nodeItems.uuid, exceptUuid) : undefined));
    if (taken.some((item) => item.appId === appId)) throw deviceTaken(device);
    if (taken.length > 0) throw HttpError.badRequest('nodes.errors.deviceBoundElsewhere', 'dataSource.deviceEUI');
  }

  /** Translates unique violations of node_items into the API's 409s; rethrows anything else. */
  static conflict(error: unknown, device: DeviceKey, nameField: string): never {
    const constraint = violatedConstraint(error);
    if (constraint === 'node_items_app_item_name') throw HttpError.conflict('nodes.validation.itemNameTaken', nameField);
    if (constraint === 'node_items_device') throw deviceTaken(device);
    throw error;
  }
}
