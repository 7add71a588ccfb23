import { useState, type ReactNode } from 'react';
import type { Item } from '../../common/types';
import { NotificationDialog } from '../dialogs/notification-dialog';
import { TaskDialog } from '../dialogs/task-dialog';
import { WebhookDialog } from '../dialogs/webhook-dialog';
import type { RangeEntry } from '../../common/field-preference';
import type { RangeActionHandlers, RangeUpdate } from './range-editor';

type Open = { kind: 'notification' | 'task' | 'webhook'; index: number; range: RangeEntry; update: RangeUpdate };

/**
 * The notify / task / webhook icons of the colour ranges editor open the dialogs of spec 2.7 to 2.9. Notification and
 * task save themselves (and return the item); the webhook is kept in the edited copy until the Field Settings' Save.
 * Every result also goes into the editor's copy, so a later Save keeps it.
 */
export function useRangeActionDialogs(props: {
  appId: string;
  item: Item;
  field: string | null;
  items: readonly { uuid: string; itemName: string; itemDisplayName?: string }[];
  onItemSaved(item: Item): void;
}): { handlers: RangeActionHandlers; dialogs: ReactNode } {
  const [open, setOpen] = useState<Open | null>(null);
  const handlers: RangeActionHandlers = {
    onNotification: (index, update, range) => setOpen({ kind: 'notification', index, update, range }),
    onTask: (index, update, range) => setOpen({ kind: 'task', index, update, range }),
    onWebhook: (index, update, range) => setOpen({ kind: 'webhook', index, update, range }),
  };
  const close = () => setOpen(null);
  let dialogs: ReactNode = null;
  if (open && props.field) {
    const common = { appId: props.appId, itemUuid: props.item.uuid, targetField: props.field, rangeIndex: open.index };
    if (open.kind === 'notification')
      dialogs = (
        <NotificationDialog
          {...common}
          value={open.range.notificationSetting}
          onSaved={(notificationSetting, item) => {
            open.update((range) => ({ ...range, notificationSetting }));
            props.onItemSaved(item);
          }}
          onClose={close}
        />
      );
    else if (open.kind === 'task')
      dialogs = (
        <TaskDialog
          {...common}
          value={open.range.eventSetting.task}
          items={props.items}
          onSaved={(task, item) => {
            open.update((range) => ({ ...range, eventSetting: { ...range.eventSetting, task } }));
            props.onItemSaved(item);
          }}
          onClose={close}
        />
      );
    else
      dialogs = (
        <WebhookDialog
          value={open.range.webhookSetting}
          onSave={(webhookSetting) => {
            open.update((range) => ({ ...range, webhookSetting }));
            close();
          }}
          onClose={close}
        />
      );
  }
  return { handlers, dialogs };
}
