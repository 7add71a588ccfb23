import { deviceServerSettingsModel, deviceServerSettingsSection } from '@sensorium/core/client';
import { SERVER_SETTINGS_STORE } from './store-name';

/** The organisation's own PRTG API address and token (GET/PUT/DELETE /api/prtg/server-settings). */
export const PrtgServerSettingsStore = deviceServerSettingsModel('PrtgServerSettings', 'prtg/server-settings');

/** Its section of Advance Setting > Organisation Settings. */
export const PrtgServerSettingsSection = deviceServerSettingsSection({
  storeName: SERVER_SETTINGS_STORE,
  titleKey: 'prtg.serverSettings.title',
  secretLabelKey: 'prtg.serverSettings.secret',
});
