/** The store's name in addStore and usePluginStore. */
export const EVENT_VIEW_STORE = 'events';
