import type { HttpClient } from '@sensorium/core/client';
import type { NotificationSetting, TaskSetting } from '../../common/field-preference';
import type { ContactRecord, Item } from '../../common/types';
import { appBase } from './tree-api';

/** The calls of the notification and task dialogs of a range (node spec 7.2, 7.3). */
export function rangeActionApi(http: HttpClient, appId: string) {
  const base = appBase(appId);
  const item = (uuid: string) => `${base}/items/${encodeURIComponent(uuid)}`;
  return {
    contacts: () => http.get(`${base}/contacts`).json<{ contacts: ContactRecord[] }>(),
    saveNotification: (uuid: string, targetField: string, rangeIndex: number, notificationSetting: NotificationSetting) =>
      http.put(`${item(uuid)}/notification`, { json: { targetField, rangeIndex, notificationSetting } }).json<Item>(),
    saveTask: (uuid: string, targetField: string, rangeIndex: number, task: TaskSetting) =>
      http.put(`${item(uuid)}/task`, { json: { targetField, rangeIndex, task } }).json<Item>(),
  };
}
