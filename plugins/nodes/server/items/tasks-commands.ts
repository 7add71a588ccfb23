import { HttpError, type Database, type DataSourceDirectory, type DeviceCommand } from '@sensorium/core/server';
import { NO_COMMAND, type Command, type TaskSetting } from '../../common/field-preference';
import type { RangeActionValidator } from '../../common/range-action-validators';
import type { Item } from '../../common/types';
import type { NodeItemRow } from '../schema';
import type { ItemRows } from './item-rows';
import { assertTaskDevices, existingPreference, rangeOf, writePreference } from './preferences';
import { checkedRangeSetting } from './range-settings';

/** A command's payload as a DeviceCommand: base64 text, or {fPort|port, confirmed, data, object}. */
export function commandPayload(payload: unknown): Pick<DeviceCommand, 'port' | 'confirmed' | 'data' | 'object'> {
  if (typeof payload === 'string') return { data: payload };
  if (!payload || typeof payload !== 'object') return {};
  const value = payload as Record<string, unknown>;
  const port = value.fPort ?? value.port ?? value.f_port;
  const result: Pick<DeviceCommand, 'port' | 'confirmed' | 'data' | 'object'> = {};
  if (typeof port === 'number') result.port = port;
  if (typeof value.confirmed === 'boolean') result.confirmed = value.confirmed;
  if (typeof value.data === 'string') result.data = value.data;
  if (value.object && typeof value.object === 'object') result.object = value.object as Record<string, unknown>;
  if (result.data === undefined && result.object === undefined) {
    const { fPort: _fPort, port: _port, f_port: _f, confirmed: _confirmed, ...rest } = value;
    if (Object.keys(rest).length > 0) result.object = rest;
  }
  return result;
}

async function deliver(send: (command: DeviceCommand) => Promise<void>, command: DeviceCommand): Promise<void> {
  try {
    await send(command);
  } catch (error) {
    throw new HttpError(502, 'nodes.errors.sendFailed', { message: (error as Error).message });
  }
}

/** An item's commands and the tasks that send them when its events change, and sending them through its adapter. */
export class TasksAndCommands {
  constructor(
    private readonly db: Database,
    private readonly rows: ItemRows,
    /** The running data-source adapters (absent while the host provides none). */
    private readonly directory: () => DataSourceDirectory | undefined,
    /** The range actions' settings checks (the task's is the event-actions plugin's), read on every call. */
    private readonly validators: () => readonly RangeActionValidator[],
  ) {}

  /**
   * PUT /items/{uuid}/task: the tasks of one range's event (created, acked, cleared), checked by their plugin. Devices
   * must be items of the app.
   */
  async saveTask(appId: string, uuid: string, field: string, rangeIndex: number, task: Record<string, unknown>): Promise<Item> {
    const item = await this.rows.row(appId, uuid);
    const preference = existingPreference(item, field);
    const range = rangeOf(preference, field, rangeIndex);
    const checked = checkedRangeSetting(this.validators(), 'eventSetting.task', task, 'task') as TaskSetting;
    await assertTaskDevices(this.rows, appId, checked, 'task');
    range.eventSetting = { ...range.eventSetting, task: checked };
    await writePreference(this.db, appId, uuid, field, preference);
    return this.rows.get(appId, uuid);
  }

  /** GET /items/{uuid}/commands: 'No command selected' first, then the data source's commands. */
  async commands(appId: string, uuid: string): Promise<Command[]> {
    const item = await this.rows.row(appId, uuid);
    const commands = Array.isArray(item.dataSource?.commands) ? item.dataSource.commands : [];
    return [{ ...NO_COMMAND }, ...commands.filter((command) => command && command.id !== '')];
  }

  /** POST /items/{uuid}/command: sends one of the item's commands through its source's adapter. */
  async sendCommand(appId: string, uuid: string, commandId: string): Promise<void> {
    const item = await this.rows.row(appId, uuid);
    const command = (item.dataSource?.commands ?? []).find((entry) => entry?.id === commandId);
    if (!command || !commandId) throw HttpError.badRequest('nodes.errors.commandNotFound', 'commandId', { commandId });
    const { deviceId, send } = this.adapterFor(item);
    await deliver(send, { deviceId, ...commandPayload(command.payload), dataSource: item.dataSource });
  }

  /** ItemCommands.sendByItemName: a task names its device by item name. */
  async sendCommandToItemNamed(appId: string, itemName: string, commandId: string): Promise<void> {
    const item = await this.rows.findByName(appId, itemName);
    if (!item) throw HttpError.badRequest('nodes.errors.itemNotFound', 'device', { itemName });
    await this.sendCommand(appId, item.uuid, commandId);
  }

  /** POST /items/{uuid}/output: a toggle switch or input value for an output field, sent as a decoded object. */
  async postOutput(appId: string, uuid: string, field: string, value: unknown): Promise<void> {
    const item = await this.rows.row(appId, uuid);
    const { deviceId, send } = this.adapterFor(item);
    await deliver(send, { deviceId, object: { [field]: value }, dataSource: item.dataSource });
  }

  private adapterFor(item: NodeItemRow) {
    const type = typeof item.dataSource?.type === 'string' ? item.dataSource.type : '';
    const adapter = type ? this.directory()?.adapter(type) : undefined;
    if (!adapter?.sendCommand) throw HttpError.badRequest('nodes.errors.noAdapter', undefined, { source: type || '-' });
    const deviceId = typeof item.dataSource?.deviceEUI === 'string' ? item.dataSource.deviceEUI.trim() : '';
    if (!deviceId) throw HttpError.badRequest('nodes.errors.noDevice');
    const send = adapter.sendCommand.bind(adapter);
    return { deviceId: type === 'chirpstack' ? deviceId.toLowerCase() : deviceId, send };
  }
}
