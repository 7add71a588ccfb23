import type { HttpClient } from '@sensorium/core/client';
import type { DeviceProfile, DeviceProfileSummary } from '../../common/device-profiles';

/** The device-profile calls of the add-item wizard (node spec 3.5). */
export function deviceProfileApi(http: HttpClient, appId: string) {
  const app = encodeURIComponent(appId);
  return {
    list: (dataSourceType: string) =>
      http
        .post(`device-profile/get-deviceProfileList-simple/${app}`, { json: { dataSourceType } })
        .json<DeviceProfileSummary[]>(),
    profile: (uuid: string) =>
      http.post(`device-profile/get-deviceProfileByUuid/${app}`, { json: { uuid } }).json<DeviceProfile>(),
  };
}
