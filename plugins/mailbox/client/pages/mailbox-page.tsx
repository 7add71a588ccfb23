import { Badge, Button, Caption1, makeStyles, Subtitle2, Text, Title3, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, Pager, useHttp, usePageStyles, useSessionUser } from '@sensorium/core/client';

type MailStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'kept';

interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  text: string;
}

const PAGE_SIZE = 20;
const STATUS_COLOURS: Record<MailStatus, 'informative' | 'warning' | 'success' | 'danger' | 'subtle'> = {
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

/** Diagnosis > Mailbox: the outbox (GET /api/mailbox), with the text of the selected message. Cloud users only. */
export default function MailboxPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const layout = usePageStyles();
  const http = useHttp();
  const user = useSessionUser();
  const isCloud = user?.level === 'cloud';
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<{ total: number; messages: MailboxMessage[] }>({ total: 0, messages: [] });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((count) => count + 1), []);

  useEffect(() => {
    if (!isCloud) return;
    const controller = new AbortController();
    http
      .get('mailbox', { searchParams: { offset, limit: PAGE_SIZE }, signal: controller.signal })
      .json<{ total: number; messages: MailboxMessage[] }>()
      .then(
        (answer) => {
          setPage(answer);
          setFailed(false);
        },
        () => {
          if (!controller.signal.aborted) setFailed(true);
        },
      );
    return () => controller.abort();
  }, [http, isCloud, offset, reloads]);

  if (!isCloud) {
    return (
      <section className={layout.page}>
        <Title3 as="h1">{t('mailbox.title')}</Title3>
        <Text>{t('mailbox.cloudOnly')}</Text>
      </section>
    );
  }

  const selected = page.messages.find((message) => message.id === selectedId) ?? null;
  return (
    <section className={layout.page}>
      <Title3 as="h1">{t('mailbox.title')}</Title3>
      <div className={layout.toolbar}>
        <Text>{t('mailbox.intro')}</Text>
        <Button icon={<ArrowClockwiseRegular />} onClick={reload}>
          {t('mailbox.refresh')}
        </Button>
      </div>
      {failed && <Text role="alert">{t('mailbox.loadFailed')}</Text>}
      {page.messages.length === 0 ? (
        <Text>{t('mailbox.empty')}</Text>
      ) : (
        <div className={styles.layout}>
          <DataTable
            label={t('mailbox.title')}
            rows={page.messages}
            rowKey={(message) => message.id}
            empty={t('mailbox.empty')}
            rowProps={(message) => ({
              className: message.id === selectedId ? `${styles.row} ${styles.selected}` : styles.row,
              'aria-selected': message.id === selectedId,
              tabIndex: 0,
              onClick: () => setSelectedId(message.id),
              onKeyDown: (event) => {
                if (event.key === 'Enter' || event.key === ' ') setSelectedId(message.id);
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
        offset={offset}
        pageSize={PAGE_SIZE}
        total={page.total}
        summary={({ from, to, total }) => t('mailbox.page', { from, to, total })}
        previousLabel={t('mailbox.previous')}
        nextLabel={t('mailbox.next')}
        onChange={setOffset}
      />
    </section>
  );
}
