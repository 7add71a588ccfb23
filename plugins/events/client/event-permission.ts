/** The permission to acknowledge and clear events (shell §2.3: the Alert menu item's general permission). */
export const EVENT_PERMISSION = 'event';
