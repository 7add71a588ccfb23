import type { DeviceProfileCatalog, DeviceProfileValues } from '@sensorium/nodes/common';
import { DISPLAY_UNIT_PROFILE_UUID } from '../common';

/** The ChirpStack profile of the display-unit rule (node spec §3.5): a Milesight AM104 with its decoder's seven fields. */
export const DISPLAY_UNIT_PROFILE: DeviceProfileValues = {
  deviceProfileName: 'Milesight AM104 Ambience Sensor',
  sensorBrand: 'Milesight',
  sensorModel: 'AM104',
  subType: 'sensor',
  dataSource: 'lora',
  // Milesight's reboot downlink (ff10ff) on port 85.
  commands: [{ id: 'am104-reboot', display: 'Reboot', payload: { fPort: 85, data: '/xD/' } }],
  outputSimpleDefault: {
    Battery: 0,
    Temperature: 0,
    Humidity: 0,
    Activity: 0,
    Illumination: 0,
    Infrared: 0,
    Infrared_and_visible: 0,
  },
  outputConfig: {
    Battery: { unit: '%' },
    Temperature: { unit: '°C', decimalPlace: 1 },
    Humidity: { unit: '%', decimalPlace: 1 },
    Activity: {},
    Illumination: { unit: 'lx' },
    Infrared: {},
    Infrared_and_visible: {},
  },
  deviceExtraInfoSetting: [],
};

/** Adds the display-unit profile once (a start finds it there and changes nothing, edits included). */
export async function seedDisplayUnitProfile(catalog: DeviceProfileCatalog): Promise<void> {
  await catalog.create(DISPLAY_UNIT_PROFILE, DISPLAY_UNIT_PROFILE_UUID);
}
