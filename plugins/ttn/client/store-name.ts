/** The organisation's server settings store name (addStore, usePluginStore). */
export const SERVER_SETTINGS_STORE = 'ttnServerSettings';
