import { Badge, Button, Caption1, makeStyles, Subtitle2, Text, Title3, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, Pager, usePageStyles, useSessionUser } from '@sensorium/core/client';
import { MAILBOX_PAGE_SIZE, type MailboxStatus } from '../../common';
import { useMailbox } from '../use-mailbox';

const STATUS_COLOURS: Record<MailboxStatus, 'informative' | 'warning' | 'success' | 'danger' | 'subtle'> = {
  queued: 'informative',
  sending: 'warning',
  sent: 'success',
  failed: 'danger',
  kept: 'subtle',
};
const formatTime = (iso: string) => dayjs(iso).format('DD/MM/YYYY HH:mm:ss');

const useStyles = makeStyles({
  layout: { display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', gap: tokens.spacingHorizontalL },
  row: { cursor: 'pointer' },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  reader: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    alignSelf: 'start',
  },
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: tokens.fontFamilyMonospace, margin: 0 },
});

/**
 * Diagnosis > Mailbox: the outbox (GET /api/mailbox, through the mailbox store), with the text of the selected message.
 * Cloud users only.
 */
const MailboxPage = observer(function MailboxPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const layout = usePageStyles();
  const store = useMailbox();
  const user = useSessionUser();
  const isCloud = user?.level === 'cloud';

  useEffect(() => {
    if (isCloud) void store.open();
  }, [store, isCloud]);

  if (!isCloud) {
    return (
      <section className={layout.page}>
        <Title3 as="h1">{t('mailbox.title')}</Title3>
        <Text>{t('mailbox.cloudOnly')}</Text>
      </section>
    );
  }

  const selected = store.selected;
  const selectedId = store.selectedId;
  return (
    <section className={layout.page}>
      <Title3 as="h1">{t('mailbox.title')}</Title3>
      <div className={layout.toolbar}>
        <Text>{t('mailbox.intro')}</Text>
        <Button icon={<ArrowClockwiseRegular />} onClick={() => void store.load()}>
          {t('mailbox.refresh')}
        </Button>
      </div>
      {store.loading.failed && <Text role="alert">{t('mailbox.loadFailed')}</Text>}
      {store.messages.length === 0 ? (
        <Text>{t('mailbox.empty')}</Text>
      ) : (
        <div className={styles.layout}>
          <DataTable
            label={t('mailbox.title')}
            // A copy: the table is no observer, so the page reads the rows for it.
            rows={store.messages.slice()}
            rowKey={(message) => message.id}
            empty={t('mailbox.empty')}
            rowProps={(message) => ({
              className: message.id === selectedId ? `${styles.row} ${styles.selected}` : styles.row,
              'aria-selected': message.id === selectedId,
              tabIndex: 0,
              onClick: () => store.select(message.id),
              onKeyDown: (event) => {
                if (event.key === 'Enter' || event.key === ' ') store.select(message.id);
              },
            })}
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
              { id: 'created', header: t('mailbox.columns.created'), cell: (message) => formatTime(message.createdAt) },
            ]}
          />
          <article className={styles.reader} aria-live="polite">
            {selected ? (
              <>
                <Subtitle2>{selected.subject}</Subtitle2>
                <Caption1>
                  {t('mailbox.columns.to')}: {selected.to} · {formatTime(selected.createdAt)}
                </Caption1>
                {selected.sentAt && <Caption1>{t('mailbox.sentAt', { at: formatTime(selected.sentAt) })}</Caption1>}
                {selected.lastError && <Caption1>{t('mailbox.lastError', { error: selected.lastError })}</Caption1>}
                <pre className={styles.text}>{selected.text}</pre>
              </>
            ) : (
              <Text>{t('mailbox.noSelection')}</Text>
            )}
          </article>
        </div>
      )}
      <Pager
        offset={store.offset}
        pageSize={MAILBOX_PAGE_SIZE}
        total={store.total}
        onChange={(offset) => void store.goTo(offset)}
      />
    </section>
  );
});

export default MailboxPage;
