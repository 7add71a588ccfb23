import { FlashRegular, GlobeRegular } from '@fluentui/react-icons';
import { lazy } from 'react';
import type { RangeAction, TaskSetting, WebhookSetting } from '@sensorium/nodes/common';
import { anyTaskOn } from './task-rules';

/** The Task Setting of a range's event (node spec 2.8); its dialog loads when first opened. */
export const TASK_RANGE_ACTION: RangeAction<TaskSetting> = {
  id: 'event-actions.task',
  key: 'eventSetting.task',
  titleKey: 'event-actions.taskSetting.button',
  order: 20,
  icon: FlashRegular,
  isOn: anyTaskOn,
  dialog: lazy(() => import('./task-dialog').then((module) => ({ default: module.TaskDialog }))),
};

/** The Webhook of a range's event (node spec 2.9). */
export const WEBHOOK_RANGE_ACTION: RangeAction<WebhookSetting> = {
  id: 'event-actions.webhook',
  key: 'webhookSetting',
  titleKey: 'event-actions.webhook.button',
  order: 30,
  icon: GlobeRegular,
  isOn: (webhook) => webhook?.enable === true,
  dialog: lazy(() => import('./webhook-dialog').then((module) => ({ default: module.WebhookDialog }))),
};
