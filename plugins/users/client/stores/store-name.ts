/** The users plugin's store name (addStore, usePluginStore). */
export const USERS_STORE = 'users';
