import { getEnv } from 'mobx-state-tree';
import type { StoreEnv } from '@sensorium/core/client';
import type { ApplicationRetention, ItemRetention } from '../../common';

const encode = encodeURIComponent;

/** The retention calls (docs/retention.md), through the console's HTTP client in the store's environment. */
export function retentionApi(node: object) {
  const { http } = getEnv<Pick<StoreEnv, 'http'>>(node);
  const item = (appId: string, uuid: string) => `node-structure-item/${encode(appId)}/items/${encode(uuid)}/retention`;
  return {
    application: (appId: string) => http.get(`application/${encode(appId)}/retention`).json<ApplicationRetention>(),
    saveApplication: (appId: string, retention: ApplicationRetention) =>
      http.put(`application/${encode(appId)}/retention`, { json: retention }).json<ApplicationRetention>(),
    item: (appId: string, uuid: string) => http.get(item(appId, uuid)).json<ItemRetention>(),
    saveField: (appId: string, uuid: string, field: string, historyDays: number | null) =>
      http.put(item(appId, uuid), { json: { field, historyDays } }).json<ItemRetention>(),
    resetField: (appId: string, uuid: string, field: string) =>
      http.delete(`${item(appId, uuid)}/${encode(field)}`).json<ItemRetention>(),
  };
}
