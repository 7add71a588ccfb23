/** The item panel's Settings tab: the default, and where a row's Setting button leads. */
export const SETTINGS_TAB = 'nodes.settings';
