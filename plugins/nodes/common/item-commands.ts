import { createToken } from '@sensorium/core/common';

/** Sending an item's commands on behalf of other plugins (event-actions' tasks); provided by the nodes plugin. */
export interface ItemCommands {
  /**
   * Sends the command `commandId` (one of the item's dataSource.commands) of the application's item named `itemName` to
   * its device through its data source's adapter: a downlink for ChirpStack and TTS, an HTTP call for the generic API.
   * Throws core's HttpError when the item, the command, the adapter or the device id is missing (400, 404) or the device
   * server refuses the command (502); its `code` and `params` say which.
   */
  sendByItemName(appId: string, itemName: string, commandId: string): Promise<void>;
}
export const ItemCommandsToken = createToken<ItemCommands>('nodes.item-commands');
