import { Button } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, DataTable, PageHeader, readApiError, useHttp, useNotify, usePageStyles } from '@sensorium/core/client';
import type { EndCustomer } from '../../common';
import { EndCustomerDialog } from '../components/end-customer-dialog';

type Editing = { mode: 'add' } | { mode: 'rename'; customer: EndCustomer } | { mode: 'delete'; customer: EndCustomer } | null;

/** Customer Management > End Customer (shell spec §2.4; customers of §3). */
export default function EndCustomerPage() {
  const { t } = useTranslation();
  const layout = usePageStyles();
  const http = useHttp();
  const notify = useNotify();
  const [customers, setCustomers] = useState<EndCustomer[]>([]);
  const [editing, setEditing] = useState<Editing>(null);

  const load = useCallback(async () => setCustomers(await http.get('customer/end-customer-list/').json<EndCustomer[]>()), [http]);
  useEffect(() => void load(), [load]);

  const run = async (call: () => Promise<unknown>) => {
    try {
      await call();
      setEditing(null);
      await load();
    } catch (error) {
      const body = await readApiError(error);
      if (body) notify({ intent: 'error', title: body.message });
    }
  };

  return (
    <section className={layout.page}>
      <PageHeader title={t('applications.customers.title')}>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ mode: 'add' })}>
          {t('applications.customers.add')}
        </Button>
      </PageHeader>
      <DataTable
        label={t('applications.customers.title')}
        size="medium"
        rows={customers}
        rowKey={(customer) => customer.id}
        empty={t('applications.customers.empty')}
        columns={[
          { id: 'id', header: t('applications.customers.id'), cell: (customer) => customer.id },
          { id: 'name', header: t('applications.customers.name'), cell: (customer) => customer.name },
          {
            id: 'actions',
            cell: (customer) => (
              <>
                <Button appearance="subtle" icon={<EditRegular />} onClick={() => setEditing({ mode: 'rename', customer })}>
                  {t('applications.customers.rename')}
                </Button>
                <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => setEditing({ mode: 'delete', customer })}>
                  {t('applications.customers.delete')}
                </Button>
              </>
            ),
          },
        ]}
      />
      {editing?.mode === 'add' && (
        <EndCustomerDialog
          title={t('applications.customers.add')}
          onClose={() => setEditing(null)}
          onSave={(name) => run(() => http.post('customer/end-customer/', { json: { name } }))}
        />
      )}
      {editing?.mode === 'rename' && (
        <EndCustomerDialog
          title={t('applications.customers.rename')}
          initialName={editing.customer.name}
          onClose={() => setEditing(null)}
          onSave={(name) =>
            run(() => http.patch(`customer/end-customer/${encodeURIComponent(editing.customer.id)}`, { json: { name } }))
          }
        />
      )}
      {editing?.mode === 'delete' && (
        <ConfirmDialog
          title={t('applications.customers.delete')}
          message={t('applications.customers.confirmDelete', { name: editing.customer.name })}
          confirmLabel={t('applications.customers.delete')}
          onCancel={() => setEditing(null)}
          onConfirm={() => void run(() => http.delete(`customer/end-customer/${encodeURIComponent(editing.customer.id)}`))}
        />
      )}
    </section>
  );
}
