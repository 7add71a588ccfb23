/** The store's name in addStore and usePluginStore. */
export const PROVIDERS_STORE = 'notificationProviders';
