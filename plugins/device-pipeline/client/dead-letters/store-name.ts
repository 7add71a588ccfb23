/** The store's name in addStore and usePluginStore. */
export const DEAD_LETTER_STORE = 'deadLetters';
