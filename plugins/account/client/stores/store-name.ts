/** The account plugin's store name (addStore, usePluginStore). */
export const ACCOUNT_STORE = 'account';
