import { Badge, Button, makeStyles, MessageBar, Text, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, DataTable, PageHeader, Pager, useNotify, usePageStyles, usePluginStore } from '@sensorium/core/client';
import { GATEWAY_PAGE_SIZE, type Gateway } from '../common';
import { GatewayDialog } from './gateway-dialog';
import type { GatewaysStore } from './store';

const useStyles = makeStyles({
  lastSeen: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  actions: { display: 'flex', flexWrap: 'nowrap' },
});

type Editing = { mode: 'add' } | { mode: 'edit'; gateway: Gateway } | { mode: 'delete'; gateway: Gateway } | null;

const STATUS_COLOUR = { online: 'success', offline: 'danger', 'never-seen': 'informative' } as const;

/** Gateway Management (node spec §2.10): Add New Gateway, the table paged at 10, the Add/Edit modal and delete. */
function GatewaysPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const layout = usePageStyles();
  const notify = useNotify();
  const store = usePluginStore<typeof GatewaysStore>('gateways');
  const [editing, setEditing] = useState<Editing>(null);

  useEffect(() => void store.load(), [store]);

  const edit = async (row: Gateway) => {
    // Edit loads the gateway by id first (node spec §4).
    try {
      setEditing({ mode: 'edit', gateway: await store.getById(row.id) });
    } catch {
      notify({ intent: 'error', title: t('gateways.loadOneFailed') });
    }
  };

  const remove = async (gateway: Gateway) => {
    const outcome = await store.remove(gateway.id);
    setEditing(null);
    if (outcome.ok)
      notify({ intent: 'success', title: t('gateways.deleted'), body: t('gateways.deletedBody', { name: gateway.name }) });
    else notify({ intent: 'error', title: t('gateways.deleteFailed'), body: outcome.failure.message ?? undefined });
  };

  return (
    <section className={layout.page}>
      <PageHeader title={t('gateways.title')}>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ mode: 'add' })}>
          {t('gateways.addNew')}
        </Button>
      </PageHeader>
      {store.loading.failed && (
        <MessageBar intent="error">{store.loading.failure?.message ?? t('gateways.loadFailed')}</MessageBar>
      )}
      <DataTable
        label={t('gateways.tableLabel')}
        size="medium"
        rows={store.page}
        rowKey={(row) => row.id}
        empty={t('gateways.empty')}
        loading={store.loading.pending}
        columns={[
          { id: 'name', header: t('gateways.columns.name'), cell: (row) => row.name },
          { id: 'gatewayId', header: t('gateways.columns.gatewayId'), cell: (row) => row.gatewayId },
          { id: 'type', header: t('gateways.columns.type'), cell: (row) => t(`gateways.types.${row.type}`) },
          { id: 'description', header: t('gateways.columns.description'), cell: (row) => row.description },
          { id: 'remark', header: t('gateways.columns.remark'), cell: (row) => row.remark },
          {
            id: 'lastSeen',
            header: t('gateways.columns.lastSeen'),
            cell: (row) => (
              <span className={styles.lastSeen}>
                <Badge appearance="tint" color={STATUS_COLOUR[row.status]}>
                  {t(`gateways.status.${row.status}`)}
                </Badge>
                {row.latest_package_update && <Text>{dayjs(row.latest_package_update).format('DD/MM/YYYY HH:mm:ss')}</Text>}
              </span>
            ),
          },
          {
            id: 'actions',
            header: t('gateways.columns.actions'),
            cell: (row) => (
              <span className={styles.actions}>
                <Button
                  appearance="subtle"
                  icon={<EditRegular />}
                  aria-label={`${t('gateways.edit')} ${row.name}`}
                  onClick={() => void edit(row)}
                />
                <Button
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  aria-label={`${t('gateways.delete')} ${row.name}`}
                  onClick={() => setEditing({ mode: 'delete', gateway: row })}
                />
              </span>
            ),
          },
        ]}
      />
      <Pager
        offset={store.offset}
        pageSize={GATEWAY_PAGE_SIZE}
        total={store.items.length}
        onChange={(offset) => store.goTo(offset)}
      />
      {(editing?.mode === 'add' || editing?.mode === 'edit') && (
        <GatewayDialog
          store={store}
          gateway={editing.mode === 'edit' ? editing.gateway : null}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notify({ intent: 'success', title: t('gateways.saved') });
          }}
        />
      )}
      {editing?.mode === 'delete' && (
        <ConfirmDialog
          title={t('gateways.delete')}
          message={t('gateways.confirmDelete', { name: editing.gateway.name })}
          confirmLabel={t('gateways.delete')}
          busy={store.removing.pending}
          onCancel={() => setEditing(null)}
          onConfirm={() => void remove(editing.gateway)}
        />
      )}
    </section>
  );
}

export default observer(GatewaysPage);
