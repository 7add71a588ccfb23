import {
  Button,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title3,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, readApiError, useHttp, useNotify, usePageStyles } from '../../../../core/client';
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
      <div className={layout.titleBar}>
        <Title3 as="h1">{t('applications.customers.title')}</Title3>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ mode: 'add' })}>
          {t('applications.customers.add')}
        </Button>
      </div>
      {customers.length === 0 ? (
        <Text>{t('applications.customers.empty')}</Text>
      ) : (
        <Table aria-label={t('applications.customers.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('applications.customers.id')}</TableHeaderCell>
              <TableHeaderCell>{t('applications.customers.name')}</TableHeaderCell>
              <TableHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {customers.map((customer) => (
              <TableRow key={customer.id}>
                <TableCell>{customer.id}</TableCell>
                <TableCell>{customer.name}</TableCell>
                <TableCell>
                  <Button appearance="subtle" icon={<EditRegular />} onClick={() => setEditing({ mode: 'rename', customer })}>
                    {t('applications.customers.rename')}
                  </Button>
                  <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => setEditing({ mode: 'delete', customer })}>
                    {t('applications.customers.delete')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
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
