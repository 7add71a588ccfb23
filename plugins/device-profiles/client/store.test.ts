import ky from 'ky';
import { describe, expect, it } from 'vitest';
import type { DeviceProfile } from '@sensorium/nodes/common';
import { DeviceProfilesStore } from './store';

const profile: DeviceProfile = {
  uuid: '6a1c1e0e-0001-4c5e-9a51-0000000000a1',
  appId: null,
  deviceProfileName: 'Dragino LHT65',
  sensorBrand: 'Dragino',
  sensorModel: 'LHT65',
  subType: 'sensor',
  dataSource: 'lora',
  commands: [{ id: 'c1', display: 'Interval', payload: { fPort: 2, data: 'AQ==' } }],
  outputSimpleDefault: { TempC_SHT: 0 },
  outputConfig: { TempC_SHT: { unit: '°C' } },
  deviceExtraInfoSetting: [{ name: 'room', type: 'string' }],
};

describe('DeviceProfilesStore', () => {
  it('loads the catalogue and sends an import file’s profiles', async () => {
    const sent: unknown[] = [];
    const http = ky.create({
      prefixUrl: 'http://console.test/api',
      retry: 0,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (request.method === 'POST') {
          sent.push(await request.json());
          return Response.json({ created: 1, updated: 0 });
        }
        return Response.json([profile]);
      },
    });
    const store = DeviceProfilesStore.create({}, { http });
    await store.load();
    expect(store.profiles[0]).toMatchObject({ deviceProfileName: 'Dragino LHT65', deviceExtraInfoSetting: [{ type: 'string' }] });
    const outcome = await store.importProfiles({ profiles: [profile] });
    expect(outcome).toEqual({ ok: true, value: { created: 1, updated: 0 } });
    expect(sent).toEqual([{ profiles: [profile] }]);
  });
});
