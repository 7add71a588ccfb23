/** The store's name in addStore and usePluginStore. */
export const EVENT_SETTINGS_STORE = 'eventSettings';
