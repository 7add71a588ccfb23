import { Badge, Dropdown, Option, Text, Title3 } from '@fluentui/react-components';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, Pager, SearchToolbar, useHttp, usePageStyles } from '@sensorium/core/client';
import type { AuditRecord } from '@sensorium/core/common';
import { AUDIT_PAGE_SIZES } from '../../common';

const SEARCH_DEBOUNCE_MS = 300;

/** Diagnosis > Audit History: the trail written by every mutating call, newest first, paged on the server. */
export default function AuditHistoryPage() {
  const { t } = useTranslation();
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

  return (
    <section className={layout.page}>
      <Title3 as="h1">{t('audit.title')}</Title3>
      <SearchToolbar
        label={t('audit.search')}
        value={keyword}
        onChange={(value) => {
          setKeyword(value);
          setOffset(0);
        }}
      />
      <DataTable
        label={t('audit.title')}
        rows={page.records}
        rowKey={(record) => record.id}
        empty={t('audit.empty')}
        columns={[
          { id: 'at', header: t('audit.columns.at'), cell: (record) => dayjs(record.at).format('DD/MM/YYYY HH:mm:ss') },
          { id: 'user', header: t('audit.columns.user'), cell: (record) => record.username ?? t('audit.anonymous') },
          { id: 'action', header: t('audit.columns.action'), cell: (record) => record.action },
          { id: 'target', header: t('audit.columns.target'), cell: (record) => record.target },
          { id: 'address', header: t('audit.columns.address'), cell: (record) => record.address },
          {
            id: 'outcome',
            header: t('audit.columns.outcome'),
            cell: (record) => (
              <Badge appearance="tint" color={record.outcome === 'success' ? 'success' : 'danger'}>
                {t(`audit.outcome.${record.outcome}`)}
              </Badge>
            ),
          },
        ]}
      />
      <Pager
        offset={offset}
        pageSize={limit}
        total={page.total}
        summary={({ from, to, total }) => t('audit.page', { from, to, total })}
        previousLabel={t('audit.previous')}
        nextLabel={t('audit.next')}
        onChange={setOffset}
      >
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
      </Pager>
    </section>
  );
}
