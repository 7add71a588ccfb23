import { deviceServerSettingsModel, deviceServerSettingsSection } from '@sensorium/core/client';
import { SERVER_SETTINGS_STORE } from './store-name';

/** The organisation's own The Things Stack API settings (GET/PUT/DELETE /api/ttn/server-settings). */
export const TtnServerSettingsStore = deviceServerSettingsModel('TtnServerSettings', 'ttn/server-settings');

/** Its section of Advance Setting > Organisation Settings. */
export const TtnServerSettingsSection = deviceServerSettingsSection({
  storeName: SERVER_SETTINGS_STORE,
  titleKey: 'ttn.serverSettings.title',
  secretLabelKey: 'ttn.serverSettings.secret',
});
