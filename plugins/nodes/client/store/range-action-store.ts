import { getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome, type StoreEnv } from '@sensorium/core/client';
import type { Command } from '../../common/field-preference';
import type { Item } from '../../common/types';
import { itemApi } from '../api/item-api';
import { rangeActionApi } from '../api/range-action-api';

/**
 * What the range actions' dialogs read and store through nodes (node spec 2.8, 7): the commands of the devices a task
 * names, asked for once per device, and a range's setting stored at once (answering the item).
 */
export const RangeActionStore = types
  .model('RangeActions', {
    appId: '',
    saving: types.optional(RequestModel, {}),
  })
  .volatile(() => ({ commands: new Map<string, Promise<Command[]>>() }))
  .actions((self) => ({
    reset(appId: string) {
      self.appId = appId;
      self.commands = new Map();
    },
  }))
  .actions((self) => {
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;
    return {
      /** A device's commands, 'No command selected' left out; [] for no such item (`uuid` null) or a failed call. */
      commandsOf(device: string, uuid: string | null): Promise<Command[]> {
        const known = self.commands.get(device);
        if (known) return known;
        const commands = uuid
          ? itemApi(http(), self.appId)
              .commands(uuid)
              .then((answer) => answer.commands.filter((command) => command.id !== ''))
              .catch(() => [])
          : Promise.resolve([]);
        self.commands.set(device, commands);
        return commands;
      },

      saveValue(uuid: string, field: string, rangeIndex: number, key: string, value: unknown): Promise<Outcome<Item>> {
        return track(self.saving, () => rangeActionApi(http(), self.appId).saveValue(uuid, field, rangeIndex, key, value));
      },
    };
  });

export type RangeActionStoreInstance = Instance<typeof RangeActionStore>;
