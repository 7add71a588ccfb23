import { Badge } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatListTime, PagedListPage } from '@sensorium/core/client';
import { MAILBOX_PAGE_SIZE, type MailboxStatus } from '../../common';
import { useMailbox } from '../use-mailbox';

const STATUS_COLOURS: Record<MailboxStatus, 'informative' | 'warning' | 'success' | 'danger' | 'subtle'> = {
  queued: 'informative',
  sending: 'warning',
  sent: 'success',
  failed: 'danger',
  kept: 'subtle',
};

/**
 * Diagnosis > Mailbox: the outbox (GET /api/mailbox, through the mailbox store), with the text of the selected message.
 * Cloud users only.
 */
const MailboxPage = observer(function MailboxPage() {
  const { t } = useTranslation();
  const store = useMailbox();
  return (
    <PagedListPage
      store={store}
      pageSize={MAILBOX_PAGE_SIZE}
      texts="mailbox"
      columns={[
        { id: 'to', header: t('mailbox.columns.to'), cell: (message) => message.to },
        { id: 'subject', header: t('mailbox.columns.subject'), cell: (message) => message.subject },
        {
          id: 'status',
          header: t('mailbox.columns.status'),
          cell: (message) => (
            <Badge appearance="tint" color={STATUS_COLOURS[message.status]}>
              {t(`mailbox.status.${message.status}`)}
            </Badge>
          ),
        },
        { id: 'attempts', header: t('mailbox.columns.attempts'), cell: (message) => message.attempts },
        { id: 'created', header: t('mailbox.columns.created'), cell: (message) => formatListTime(message.createdAt) },
      ]}
      read={(message) => ({
        heading: message.subject,
        lines: [
          `${t('mailbox.columns.to')}: ${message.to} · ${formatListTime(message.createdAt)}`,
          message.sentAt && t('mailbox.sentAt', { at: formatListTime(message.sentAt) }),
          message.lastError && t('mailbox.lastError', { error: message.lastError }),
        ],
        body: message.text,
      })}
    />
  );
});

export default MailboxPage;
