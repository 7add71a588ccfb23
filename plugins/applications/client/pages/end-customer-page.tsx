import { Button } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, DataTable, PageHeader, useNotify, usePageStyles, type Outcome } from '@sensorium/core/client';
import type { EndCustomer } from '../../common';
import { EndCustomerDialog } from '../components/end-customer-dialog';
import { useApplications } from '../use-applications';

type Editing = { mode: 'add' } | { mode: 'rename'; customer: EndCustomer } | { mode: 'delete'; customer: EndCustomer } | null;

/** Customer Management > End Customer (shell spec §2.4; customers of §3): the list and its calls are the store's. */
const EndCustomerPage = observer(function EndCustomerPage() {
  const { t } = useTranslation();
  const layout = usePageStyles();
  const notify = useNotify();
  const { customers } = useApplications();
  const [editing, setEditing] = useState<Editing>(null);

  useEffect(() => void customers.load(), [customers]);

  const run = async (call: () => Promise<Outcome<void>>) => {
    const outcome = await call();
    if (outcome.ok) setEditing(null);
    else if (outcome.failure.message) notify({ intent: 'error', title: outcome.failure.message });
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
        // A copy: the table is no observer, so the page reads the rows for it.
        rows={customers.list.slice()}
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
          onSave={(name) => run(() => customers.create(name))}
        />
      )}
      {editing?.mode === 'rename' && (
        <EndCustomerDialog
          title={t('applications.customers.rename')}
          initialName={editing.customer.name}
          onClose={() => setEditing(null)}
          onSave={(name) => run(() => customers.rename(editing.customer.id, name))}
        />
      )}
      {editing?.mode === 'delete' && (
        <ConfirmDialog
          title={t('applications.customers.delete')}
          message={t('applications.customers.confirmDelete', { name: editing.customer.name })}
          confirmLabel={t('applications.customers.delete')}
          onCancel={() => setEditing(null)}
          onConfirm={() => void run(() => customers.remove(editing.customer.id))}
        />
      )}
    </section>
  );
});

export default EndCustomerPage;
