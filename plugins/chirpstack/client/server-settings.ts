import { deviceServerSettingsModel, deviceServerSettingsSection } from '@sensorium/core/client';
import { SERVER_SETTINGS_STORE } from './store-name';

/** The organisation's own ChirpStack API settings (GET/PUT/DELETE /api/chirpstack/server-settings). */
export const ChirpstackServerSettingsStore = deviceServerSettingsModel('ChirpstackServerSettings', 'chirpstack/server-settings');

/** Its section of Advance Setting > Organisation Settings. */
export const ChirpstackServerSettingsSection = deviceServerSettingsSection({
  storeName: SERVER_SETTINGS_STORE,
  titleKey: 'chirpstack.serverSettings.title',
  secretLabelKey: 'chirpstack.serverSettings.secret',
});
