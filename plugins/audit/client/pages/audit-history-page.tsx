import { Badge, Dropdown, Option, Text, Title3 } from '@fluentui/react-components';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, Pager, SearchToolbar, usePageStyles } from '@sensorium/core/client';
import { AUDIT_PAGE_SIZES } from '../../common';
import { actionLabel } from '../action-label';
import { useAudit } from '../use-audit';

/** Diagnosis > Audit History: the trail written by every mutating call, newest first, paged on the server (the store). */
const AuditHistoryPage = observer(function AuditHistoryPage() {
  const { t } = useTranslation();
  const layout = usePageStyles();
  const store = useAudit();

  useEffect(() => {
    void store.open();
    return () => store.cancel();
  }, [store]);

  return (
    <section className={layout.page}>
      <Title3 as="h1">{t('audit.title')}</Title3>
      <SearchToolbar label={t('audit.search')} value={store.keyword} onChange={(value) => store.search(value)} />
      <DataTable
        label={t('audit.title')}
        // A copy: the table is no observer, so the page reads the rows for it.
        rows={store.records.slice()}
        rowKey={(record) => record.id}
        empty={t('audit.empty')}
        columns={[
          { id: 'at', header: t('audit.columns.at'), cell: (record) => dayjs(record.at).format('DD/MM/YYYY HH:mm:ss') },
          { id: 'user', header: t('audit.columns.user'), cell: (record) => record.username ?? t('audit.anonymous') },
          { id: 'action', header: t('audit.columns.action'), cell: (record) => actionLabel(t, record.action) },
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
      <Pager offset={store.offset} pageSize={store.limit} total={store.total} onChange={(offset) => store.goTo(offset)}>
        <Text>{t('audit.pageSize')}</Text>
        <Dropdown
          aria-label={t('audit.pageSize')}
          value={String(store.limit)}
          selectedOptions={[String(store.limit)]}
          onOptionSelect={(_, data) => store.setLimit(Number(data.optionValue))}
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
});

export default AuditHistoryPage;
