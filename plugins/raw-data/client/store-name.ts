/** The store's name in addStore and usePluginStore. */
export const RAW_DATA_STORE = 'rawData';
