import { and, eq, ne } from 'drizzle-orm';
import { HttpError, type Database } from '@sensorium/core/server';
import type { ItemDataSource } from '../../common/types';
import { nodeItems } from '../schema';

export interface DeviceKey {
  sourceType: string | null;
  deviceId: string | null;
}

/** The device an item's data source names: dataSource.type and its lower-case deviceEUI (null when none). */
export function deviceKeyOf(dataSource: ItemDataSource | null | undefined): DeviceKey {
  const type = typeof dataSource?.type === 'string' && dataSource.type.trim() !== '' ? dataSource.type.trim() : null;
  const eui = typeof dataSource?.deviceEUI === 'string' ? dataSource.deviceEUI.trim().toLowerCase() : '';
  return { sourceType: type, deviceId: type && eui ? eui : null };
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

/** A device (source and device id) belongs to one item: the check before a write, and the 409s of a lost race. */
export class DeviceBinding {
  constructor(private readonly db: Database) {}

  async assertFree(device: DeviceKey, exceptUuid?: string): Promise<void> {
    if (!device.sourceType || !device.deviceId) return;
    const [taken] = await this.db
      .select({ uuid: nodeItems.uuid })
      .from(nodeItems)
      .where(
        and(
          eq(nodeItems.sourceType, device.sourceType),
          eq(nodeItems.deviceId, device.deviceId),
          exceptUuid ? ne(nodeItems.uuid, exceptUuid) : undefined,
        ),
      );
    if (taken) throw deviceTaken(device);
  }

  /** Translates unique violations of node_items into the API's 409s; rethrows anything else. */
  static conflict(error: unknown, device: DeviceKey, nameField: string): never {
    const constraint = violatedConstraint(error);
    if (constraint === 'node_items_app_item_name') throw HttpError.conflict('nodes.validation.itemNameTaken', nameField);
    if (constraint === 'node_items_device') throw deviceTaken(device);
    throw error;
  }
}
