import {
  Badge,
  Button,
  Dropdown,
  makeStyles,
  Option,
  SearchBox,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp, usePageStyles } from '../../../../core/client';
import type { AuditRecord } from '../../../../core/common';
import { AUDIT_PAGE_SIZES } from '../../common';

const useStyles = makeStyles({
  table: { overflowX: 'auto' },
  pager: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', justifyContent: 'flex-end' },
});

const SEARCH_DEBOUNCE_MS = 300;

/** Diagnosis > Audit History: the trail written by every mutating call, newest first, paged on the server. */
export default function AuditHistoryPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const layout = usePageStyles();
  const http = useHttp();
  const [keyword, setKeyword] = useState('');
  const [limit, setLimit] = useState<number>(AUDIT_PAGE_SIZES[0]);
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<{ total: number; records: AuditRecord[] }>({ total: 0, records: [] });

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const searchParams = { offset, limit, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) };
      http
        .get('audit-history/', { searchParams, signal: controller.signal })
        .json<{ total: number; records: AuditRecord[] }>()
        .then(setPage, () => undefined);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [http, keyword, limit, offset]);

  const last = Math.min(offset + limit, page.total);
  return (
    <section className={layout.page}>
      <Title3 as="h1">{t('audit.title')}</Title3>
      <div className={layout.toolbar}>
        <SearchBox
          className={layout.search}
          placeholder={t('audit.search')}
          aria-label={t('audit.search')}
          value={keyword}
          onChange={(_, data) => {
            setKeyword(data.value);
            setOffset(0);
          }}
        />
      </div>
      {page.records.length === 0 ? (
        <Text>{t('audit.empty')}</Text>
      ) : (
        <div className={styles.table}>
          <Table aria-label={t('audit.title')} size="small">
            <TableHeader>
              <TableRow>
                {(['at', 'user', 'action', 'target', 'address', 'outcome'] as const).map((column) => (
                  <TableHeaderCell key={column}>{t(`audit.columns.${column}`)}</TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {page.records.map((record) => (
                <TableRow key={record.id}>
                  <TableCell>{dayjs(record.at).format('DD/MM/YYYY HH:mm:ss')}</TableCell>
                  <TableCell>{record.username ?? t('audit.anonymous')}</TableCell>
                  <TableCell>{record.action}</TableCell>
                  <TableCell>{record.target}</TableCell>
                  <TableCell>{record.address}</TableCell>
                  <TableCell>
                    <Badge appearance="tint" color={record.outcome === 'success' ? 'success' : 'danger'}>
                      {t(`audit.outcome.${record.outcome}`)}
                    </Badge>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <div className={styles.pager}>
        <Text>{t('audit.pageSize')}</Text>
        <Dropdown
          aria-label={t('audit.pageSize')}
          value={String(limit)}
          selectedOptions={[String(limit)]}
          onOptionSelect={(_, data) => {
            setLimit(Number(data.optionValue));
            setOffset(0);
          }}
          style={{ minWidth: '80px' }}
        >
          {AUDIT_PAGE_SIZES.map((size) => (
            <Option key={size} value={String(size)}>
              {String(size)}
            </Option>
          ))}
        </Dropdown>
        <Text>{t('audit.page', { from: page.total === 0 ? 0 : offset + 1, to: last, total: page.total })}</Text>
        <Button
          aria-label={t('audit.previous')}
          icon={<ChevronLeftRegular />}
          disabled={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - limit))}
        />
        <Button
          aria-label={t('audit.next')}
          icon={<ChevronRightRegular />}
          disabled={last >= page.total}
          onClick={() => setOffset(offset + limit)}
        />
      </div>
    </section>
  );
}
