import { getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome, type StoreEnv } from '@sensorium/core/client';
import type { NotificationSetting, TaskSetting } from '../../common/field-preference';
import type { ContactRecord, Item } from '../../common/types';
import { itemApi } from '../api/item-api';
import { rangeActionApi } from '../api/range-action-api';
import { CommandModel } from './item-model';

const ContactModel = types.model('Contact', {
  id: types.string,
  name: '',
  smsNum: '',
  phone: '',
  email: '',
  department: '',
  post: '',
  smsEnable: false,
  phoneEnable: false,
  emailEnable: false,
});

/**
 * What the notification and task dialogs of a range read and store (node spec 2.7, 2.8): the application's contacts,
 * the commands of the devices a task names, and the two saves (each answers the item).
 */
export const RangeActionStore = types
  .model('RangeActions', {
    appId: '',
    contacts: types.array(ContactModel),
    contactsLoading: types.optional(RequestModel, {}),
    /** Commands by device (item) name: [] for an unknown device or one without commands. */
    commands: types.map(types.array(CommandModel)),
    saving: types.optional(RequestModel, {}),
  })
  .volatile(() => ({ requested: new Set<string>() }))
  .actions((self) => ({
    reset(appId: string) {
      self.appId = appId;
      self.contacts.clear();
      self.commands.clear();
      self.requested = new Set();
      self.contactsLoading.clear();
    },
    setContacts(contacts: ContactRecord[]) {
      self.contacts.replace(contacts);
    },
    setCommands(device: string, commands: { id: string; display: string }[]) {
      self.commands.set(device, commands);
    },
  }))
  .actions((self) => {
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;
    return {
      async loadContacts(): Promise<Outcome<unknown>> {
        const outcome = await track(self.contactsLoading, () => rangeActionApi(http(), self.appId).contacts());
        if (outcome.ok) self.setContacts(outcome.value.contacts);
        return outcome;
      },

      /** Asks once for the commands of a device named in a task (`uuid` null: no such item, so none). */
      async loadCommands(device: string, uuid: string | null): Promise<void> {
        if (self.requested.has(device)) return;
        self.requested.add(device);
        if (!uuid) {
          self.setCommands(device, []);
          return;
        }
        const commands = await itemApi(http(), self.appId)
          .commands(uuid)
          .then((answer) => answer.commands)
          .catch(() => []);
        self.setCommands(device, commands);
      },

      saveNotification(uuid: string, field: string, rangeIndex: number, setting: NotificationSetting): Promise<Outcome<Item>> {
        return track(self.saving, () => rangeActionApi(http(), self.appId).saveNotification(uuid, field, rangeIndex, setting));
      },

      saveTask(uuid: string, field: string, rangeIndex: number, task: TaskSetting): Promise<Outcome<Item>> {
        return track(self.saving, () => rangeActionApi(http(), self.appId).saveTask(uuid, field, rangeIndex, task));
      },
    };
  });

export type RangeActionStoreInstance = Instance<typeof RangeActionStore>;
