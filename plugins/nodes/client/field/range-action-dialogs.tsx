import { usePluginStore } from '@sensorium/core/client';
import type { RangeActionProps } from '../../common/extension-points';
import { NotificationDialog } from '../dialogs/notification-dialog';
import { TaskDialog } from '../dialogs/task-dialog';
import { WebhookDialog } from '../dialogs/webhook-dialog';
import type { NodesStore } from '../store/nodes-store';
import { saveRangeAction } from './range-action-save';

/** Notification and task go into the edited range, and are stored at once when the range is (saveRangeAction). */
export function NotificationAction(props: RangeActionProps) {
  const store = usePluginStore<typeof NodesStore>('nodes').rangeActions;
  return (
    <NotificationDialog
      value={props.range.notificationSetting}
      onSave={(notificationSetting) =>
        saveRangeAction(
          props,
          (range) => ({ ...range, notificationSetting }),
          () => store.saveNotification(props.item.uuid, props.field, props.rangeIndex, notificationSetting),
        )
      }
      onClose={props.onClose}
    />
  );
}

export function TaskAction(props: RangeActionProps) {
  const store = usePluginStore<typeof NodesStore>('nodes').rangeActions;
  return (
    <TaskDialog
      value={props.range.eventSetting.task}
      items={props.items}
      onSave={(task) =>
        saveRangeAction(
          props,
          (range) => ({ ...range, eventSetting: { ...range.eventSetting, task } }),
          () => store.saveTask(props.item.uuid, props.field, props.rangeIndex, task),
        )
      }
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
