import { Badge, Button, Caption1, makeStyles, Subtitle2, Text, Title3, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, Pager, usePageStyles, useSessionUser } from '@sensorium/core/client';
import { DEAD_LETTER_PAGE_SIZE, useDeadLetters } from './store';

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
  origin: { overflowWrap: 'anywhere' },
  payload: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: tokens.fontFamilyMonospace, margin: 0 },
});

/**
 * Diagnosis > Dead letters: what devices and network servers sent that could not be stored (GET /api/dead-letters),
 * newest first, with the beginning of the selected one's payload. Cloud users only.
 */
const DeadLettersPage = observer(function DeadLettersPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const layout = usePageStyles();
  const store = useDeadLetters();
  const user = useSessionUser();
  const isCloud = user?.level === 'cloud';

  useEffect(() => {
    if (isCloud) void store.open();
  }, [store, isCloud]);

  const title = <Title3 as="h1">{t('device-pipeline.deadLetters.title')}</Title3>;
  if (!isCloud) {
    return (
      <section className={layout.page}>
        {title}
        <Text>{t('device-pipeline.deadLetters.cloudOnly')}</Text>
      </section>
    );
  }

  const selected = store.selected;
  const selectedId = store.selectedId;
  return (
    <section className={layout.page}>
      {title}
      <div className={layout.toolbar}>
        <Text>{t('device-pipeline.deadLetters.intro')}</Text>
        <Button icon={<ArrowClockwiseRegular />} onClick={() => void store.load()}>
          {t('device-pipeline.deadLetters.refresh')}
        </Button>
      </div>
      {store.loading.failed && <Text role="alert">{t('device-pipeline.deadLetters.loadFailed')}</Text>}
      {store.letters.length === 0 ? (
        <Text>{t('device-pipeline.deadLetters.empty')}</Text>
      ) : (
        <div className={styles.layout}>
          <DataTable
            label={t('device-pipeline.deadLetters.title')}
            // A copy: the table is no observer, so the page reads the rows for it.
            rows={store.letters.slice()}
            rowKey={(letter) => letter.id}
            empty={t('device-pipeline.deadLetters.empty')}
            rowProps={(letter) => ({
              className: letter.id === selectedId ? `${styles.row} ${styles.selected}` : styles.row,
              'aria-selected': letter.id === selectedId,
              tabIndex: 0,
              onClick: () => store.select(letter.id),
              onKeyDown: (event) => {
                if (event.key === 'Enter' || event.key === ' ') store.select(letter.id);
              },
            })}
            columns={[
              {
                id: 'time',
                header: t('device-pipeline.deadLetters.columns.time'),
                cell: (letter) => formatTime(letter.createdAt),
              },
              { id: 'source', header: t('device-pipeline.deadLetters.columns.source'), cell: (letter) => letter.source },
              {
                id: 'reason',
                header: t('device-pipeline.deadLetters.columns.reason'),
                cell: (letter) => (
                  <Badge appearance="tint" color={letter.reason === 'unstorable' ? 'danger' : 'warning'}>
                    {t(`device-pipeline.deadLetters.reasons.${letter.reason}`)}
                  </Badge>
                ),
              },
              {
                id: 'application',
                header: t('device-pipeline.deadLetters.columns.application'),
                cell: (letter) => letter.appId ?? '—',
              },
              { id: 'size', header: t('device-pipeline.deadLetters.columns.size'), cell: (letter) => letter.payloadBytes },
            ]}
          />
          <article className={styles.reader} aria-live="polite">
            {selected ? (
              <>
                <Subtitle2 className={styles.origin}>{selected.origin}</Subtitle2>
                <Caption1>
                  {t(`device-pipeline.deadLetters.reasons.${selected.reason}`)}
                  {selected.detail ? ` · ${selected.detail}` : ''}
                </Caption1>
                {selected.organisationId && (
                  <Caption1>{t('device-pipeline.deadLetters.organisation', { id: selected.organisationId })}</Caption1>
                )}
                <pre className={styles.payload}>{selected.payload}</pre>
              </>
            ) : (
              <Text>{t('device-pipeline.deadLetters.noSelection')}</Text>
            )}
          </article>
        </div>
      )}
      <Pager
        offset={store.offset}
        pageSize={DEAD_LETTER_PAGE_SIZE}
        total={store.total}
        onChange={(offset) => void store.goTo(offset)}
      />
    </section>
  );
});

export default DeadLettersPage;
