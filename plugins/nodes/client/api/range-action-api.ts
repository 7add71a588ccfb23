import type { HttpClient } from '@sensorium/core/client';
import type { Item } from '../../common/types';
import { appBase } from './tree-api';

/**
 * The range settings with a call of their own (node spec 7.2, 7.3), by their range action's key: a stored range's
 * dialog stores them at once. Others (the webhook) are stored with the Field Settings' Save.
 */
const OWN_CALLS: Readonly<Record<string, { path: string; body: string }>> = {
  notificationSetting: { path: 'notification', body: 'notificationSetting' },
  'eventSetting.task': { path: 'task', body: 'task' },
};

export function hasOwnCall(key: string): boolean {
  return key in OWN_CALLS;
}

/** The calls of the range actions' dialogs: one range's setting at a key that has its own call. */
export function rangeActionApi(http: HttpClient, appId: string) {
  const item = (uuid: string) => `${appBase(appId)}/items/${encodeURIComponent(uuid)}`;
  return {
    saveValue: (uuid: string, targetField: string, rangeIndex: number, key: string, value: unknown) => {
      const call = OWN_CALLS[key];
      if (!call) throw new Error(`The range setting ${key} has no call of its own`);
      return http.put(`${item(uuid)}/${call.path}`, { json: { targetField, rangeIndex, [call.body]: value } }).json<Item>();
    },
  };
}
