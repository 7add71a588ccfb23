/** The store's name in addStore and usePluginStore. */
export const RATE_LIMIT_STORE = 'notificationRateLimit';
