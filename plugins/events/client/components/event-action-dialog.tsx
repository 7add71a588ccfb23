import { Field, Textarea } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useNotify } from '@sensorium/core/client';
import { MAX_EVENT_COMMENT_LENGTH } from '../../common/event-action-input';
import type { EventAction, EventViewStoreInstance } from '../store';

/** Acknowledge or Clear of the selected events, with an optional comment kept in their history. */
export const EventActionDialog = observer(function EventActionDialog(props: {
  store: EventViewStoreInstance;
  action: EventAction;
  onClose(): void;
}) {
  const { store, action } = props;
  const { t } = useTranslation();
  const notify = useNotify();
  const [comment, setComment] = useState('');
  const count = store.selectedIds.length;
  const confirm = async () => {
    const outcome = await store.act(action, comment);
    if (outcome.ok) {
      const done = action === 'ack' ? 'events.action.acknowledged' : 'events.action.cleared';
      notify({ intent: 'success', title: t(done, { count: outcome.value }) });
      props.onClose();
    } else {
      notify({ intent: 'error', title: t('events.action.failed'), body: outcome.failure.message ?? undefined });
    }
  };
  return (
    <ConfirmDialog
      title={t(action === 'ack' ? 'events.action.acknowledgeTitle' : 'events.action.clearTitle', { count })}
      confirmLabel={t(action === 'ack' ? 'events.view.acknowledge' : 'events.view.clear')}
      busy={store.acting.pending}
      invalid={count === 0}
      onConfirm={() => void confirm()}
      onCancel={props.onClose}
    >
      <Field label={t('events.action.comment')} validationMessage={store.acting.fieldError('comment')}>
        <Textarea value={comment} maxLength={MAX_EVENT_COMMENT_LENGTH} onChange={(_, data) => setComment(data.value)} />
      </Field>
    </ConfirmDialog>
  );
});
