/** The notification history's store name (addStore, usePluginStore). */
export const HISTORY_STORE = 'notificationHistory';
