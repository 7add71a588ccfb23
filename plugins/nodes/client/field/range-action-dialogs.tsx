import type { RangeActionProps } from '../../common/extension-points';
import { NotificationDialog } from '../dialogs/notification-dialog';
import { TaskDialog } from '../dialogs/task-dialog';
import { WebhookDialog } from '../dialogs/webhook-dialog';

/** Notification and task save themselves (and answer the item); either way the result goes into the edited range. */
export function NotificationAction(props: RangeActionProps) {
  return (
    <NotificationDialog
      itemUuid={props.item.uuid}
      targetField={props.field}
      rangeIndex={props.rangeIndex}
      value={props.range.notificationSetting}
      onSaved={(notificationSetting, item) => {
        props.onRangeChange((range) => ({ ...range, notificationSetting }));
        props.onItemSaved(item);
      }}
      onClose={props.onClose}
    />
  );
}

export function TaskAction(props: RangeActionProps) {
  return (
    <TaskDialog
      itemUuid={props.item.uuid}
      targetField={props.field}
      rangeIndex={props.rangeIndex}
      value={props.range.eventSetting.task}
      items={props.items}
      onSaved={(task, item) => {
        props.onRangeChange((range) => ({ ...range, eventSetting: { ...range.eventSetting, task } }));
        props.onItemSaved(item);
      }}
      onClose={props.onClose}
    />
  );
}

/** The webhook is kept in the edited range until the Field Settings' Save. */
export function WebhookAction(props: RangeActionProps) {
  return (
    <WebhookDialog
      value={props.range.webhookSetting}
      onSave={(webhookSetting) => {
        props.onRangeChange((range) => ({ ...range, webhookSetting }));
        props.onClose();
      }}
      onClose={props.onClose}
    />
  );
}
