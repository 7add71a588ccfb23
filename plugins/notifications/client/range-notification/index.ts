import { MailRegular } from '@fluentui/react-icons';
import { lazy } from 'react';
import type { NotificationSetting, RangeAction } from '@sensorium/nodes/common';
import { anyChannelOn } from './notification-rules';

/** The Notification Setting of a range (node spec 2.7); its dialog (and Lexical) load when first opened. */
export const NOTIFICATION_RANGE_ACTION: RangeAction<NotificationSetting> = {
  id: 'notifications.range-notification',
  key: 'notificationSetting',
  titleKey: 'notifications.rangeNotification.button',
  order: 10,
  icon: MailRegular,
  isOn: anyChannelOn,
  dialog: lazy(() => import('./notification-dialog').then((module) => ({ default: module.NotificationDialog }))),
};
