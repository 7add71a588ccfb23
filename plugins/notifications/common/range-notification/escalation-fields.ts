import type { ComponentType } from 'react';
import { createToken } from '@sensorium/core/common';
import type { NotificationEscalation } from '@sensorium/nodes/common';

export interface EscalationFieldsProps {
  /** The setting's escalation (undefined: saved before escalation existed, shown as the default, off). */
  value: NotificationEscalation | undefined;
  onChange(escalation: NotificationEscalation): void;
}

/**
 * The escalation controls of a Notification Setting (enable, every N minutes, repeats, then the next priority) with the
 * server's messages, for other plugins' notification forms (the event-settings rule editor), so that they match the
 * range dialog's. Provided by the notifications client.
 */
export interface EscalationControls {
  EscalationFields: ComponentType<EscalationFieldsProps>;
}
export const EscalationControlsToken = createToken<EscalationControls>('notifications.escalation-controls');
