import { deviceServerSettingsModel, deviceServerSettingsSection } from '@sensorium/core/client';

export const SERVER_SETTINGS_STORE = 'ttnServerSettings';

/** The organisation's own The Things Stack API settings (GET/PUT/DELETE /api/ttn/server-settings). */
export const TtnServerSettingsStore = deviceServerSettingsModel('TtnServerSettings', 'ttn/server-settings');

/** Its section of Advance Setting > Organisation Settings. */
export const TtnServerSettingsSection = deviceServerSettingsSection({
  storeName: SERVER_SETTINGS_STORE,
  titleKey: 'ttn.serverSettings.title',
  secretLabelKey: 'ttn.serverSettings.secret',
});
