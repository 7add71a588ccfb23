import { Button, Caption1, makeStyles, Subtitle2, Text, Title3, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../context';
import type { PagedListStore } from '../store/paged-list';
import { DataTable, type DataColumn } from './data-table';
import { usePageStyles } from './page-styles';
import { Pager } from './pager';

/** A time as the Diagnosis lists show it, to the second. */
export const formatListTime = (iso: string) => dayjs(iso).format('DD/MM/YYYY HH:mm:ss');

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
  heading: { overflowWrap: 'anywhere' },
  body: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: tokens.fontFamilyMonospace, margin: 0 },
});

/** What the reader beside the table shows of the selected row: a heading, short lines (falsy ones left out), a body. */
export interface PagedListReading {
  heading: string;
  lines: (string | null | false | undefined)[];
  body: string;
}

export interface PagedListPageProps<Row extends { id: string }> {
  store: PagedListStore<Row>;
  pageSize: number;
  /**
   * The i18n key prefix of the page's texts: `title`, `cloudOnly`, `intro`, `refresh`, `loadFailed`, `empty` and
   * `noSelection` under it.
   */
  texts: string;
  columns: DataColumn<Row>[];
  read(row: Row): PagedListReading;
}

/**
 * A cloud-only Diagnosis page over a paged, read-only list (PagedListStore): intro and refresh, the table of one page
 * with a row to select (click, Enter or Space), the selected row read beside it, and the pager.
 */
function PagedListPageView<Row extends { id: string }>(props: PagedListPageProps<Row>) {
  const { store, texts } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const layout = usePageStyles();
  const user = useSessionUser();
  const isCloud = user?.level === 'cloud';

  useEffect(() => {
    if (isCloud) void store.open();
  }, [store, isCloud]);

  const title = <Title3 as="h1">{t(`${texts}.title`)}</Title3>;
  if (!isCloud) {
    return (
      <section className={layout.page}>
        {title}
        <Text>{t(`${texts}.cloudOnly`)}</Text>
      </section>
    );
  }

  const selectedId = store.selectedId;
  const reading = store.selected && props.read(store.selected);
  return (
    <section className={layout.page}>
      {title}
      <div className={layout.toolbar}>
        <Text>{t(`${texts}.intro`)}</Text>
        <Button icon={<ArrowClockwiseRegular />} onClick={() => void store.load()}>
          {t(`${texts}.refresh`)}
        </Button>
      </div>
      {store.loading.failed && <Text role="alert">{t(`${texts}.loadFailed`)}</Text>}
      {store.rows.length === 0 ? (
        <Text>{t(`${texts}.empty`)}</Text>
      ) : (
        <div className={styles.layout}>
          <DataTable
            label={t(`${texts}.title`)}
            // A copy: the table is no observer, so the page reads the rows for it.
            rows={store.rows.slice()}
            rowKey={(row) => row.id}
            empty={t(`${texts}.empty`)}
            rowProps={(row) => ({
              className: row.id === selectedId ? `${styles.row} ${styles.selected}` : styles.row,
              'aria-selected': row.id === selectedId,
              tabIndex: 0,
              onClick: () => store.select(row.id),
              onKeyDown: (event) => {
                if (event.key === 'Enter' || event.key === ' ') store.select(row.id);
              },
            })}
            columns={props.columns}
          />
          <article className={styles.reader} aria-live="polite">
            {reading ? (
              <>
                <Subtitle2 className={styles.heading}>{reading.heading}</Subtitle2>
                {reading.lines.filter(Boolean).map((line, index) => (
                  <Caption1 key={index}>{line}</Caption1>
                ))}
                <pre className={styles.body}>{reading.body}</pre>
              </>
            ) : (
              <Text>{t(`${texts}.noSelection`)}</Text>
            )}
          </article>
        </div>
      )}
      <Pager offset={store.offset} pageSize={props.pageSize} total={store.total} onChange={(offset) => void store.goTo(offset)} />
    </section>
  );
}

export const PagedListPage = observer(PagedListPageView) as <Row extends { id: string }>(
  props: PagedListPageProps<Row>,
) => ReturnType<typeof PagedListPageView>;
