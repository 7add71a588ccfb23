/** The store's name in addStore and usePluginStore. */
export const TIMER_MISSIONS_STORE = 'timerMissions';
