import { Badge, Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular, ArrowUploadRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { getSnapshot } from 'mobx-state-tree';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import {
  ConfirmDialog,
  DataTable,
  PageHeader,
  Pager,
  RowAction,
  SearchToolbar,
  useNotify,
  usePageStyles,
  useSession,
} from '@sensorium/core/client';
import { CONTACTS_PAGE_SIZE, type Contact } from '../../common';
import { ContactDialog } from './contact-dialog';
import { EMPTY_CONTACT, formOf, subscribedChannels, type ContactForm } from './contact-form';
import { ImportReport } from './import-report';
import type { ContactInstance } from './store';
import { useContacts } from './use-contacts';

const useStyles = makeStyles({
  channels: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXS },
  email: { minWidth: '150px', overflowWrap: 'anywhere' },
  hidden: { display: 'none' },
});

type Editing = { mode: 'add' } | { mode: 'edit'; contact: Contact } | { mode: 'delete'; contact: Contact } | null;

/**
 * Notification Client (app/{app_id}/notification-client, node spec §2.14, accounts §3 "Contacts"): the application's
 * contacts, searched and paged at 10, added, edited and deleted with `notificationsetting`, imported and exported as CSV.
 */
const NotificationClientPage = observer(function NotificationClientPage() {
  const { t } = useTranslation();
  const layout = usePageStyles();
  const styles = useStyles();
  const notify = useNotify();
  const store = useContacts();
  const canChange = useSession().hasPermission('notificationsetting');
  const appId = useParams().app_id ?? '';
  const [editing, setEditing] = useState<Editing>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void store.open(appId);
    return () => store.cancel();
  }, [store, appId]);

  // Until this application's page has opened, the store may still hold the previous one's.
  if (!store.ready || store.appId !== appId) return <Spinner size="small" />;

  const close = () => setEditing(null);
  const open = (next: Editing) => {
    store.saving.clear();
    setEditing(next);
  };
  const save = async (id: string | null, form: ContactForm) => {
    const outcome = await store.save(id, form);
    if (!outcome.ok) return;
    close();
    notify({ intent: 'success', title: t(id ? 'notifications.contacts.saved' : 'notifications.contacts.created') });
  };
  const remove = async (contact: Contact) => {
    const outcome = await store.remove(contact.id);
    close();
    if (outcome.ok) notify({ intent: 'success', title: t('notifications.contacts.deleted') });
    else notify({ intent: 'error', title: t('notifications.contacts.deleteFailed') });
  };
  const importFile = async (file: File | undefined) => {
    if (!file) return;
    const outcome = await store.importCsv(file, file.name);
    if (!outcome.ok) {
      notify({ intent: 'error', title: t('notifications.contacts.importFailed'), body: outcome.failure.message ?? undefined });
    }
  };
  const exportFile = async () => {
    const outcome = await store.exportCsv();
    if (!outcome.ok) notify({ intent: 'error', title: t('notifications.contacts.exportFailed') });
  };

  const channels = (contact: ContactInstance) => {
    const told = subscribedChannels(contact);
    if (told.length === 0) return <Text italic>{t('notifications.contacts.unsubscribedTag')}</Text>;
    return (
      <div className={styles.channels}>
        {told.map((channel) => (
          <Badge key={channel} appearance="tint">
            {t(`notifications.contacts.channels.${channel}`)}
          </Badge>
        ))}
      </div>
    );
  };

  return (
    <section className={layout.page}>
      <PageHeader title={`${t('notifications.contacts.title')}: ${store.appName}`}>
        <Button icon={<AddRegular />} appearance="primary" disabled={!canChange} onClick={() => open({ mode: 'add' })}>
          {t('notifications.contacts.add')}
        </Button>
      </PageHeader>
      <Text>{t('notifications.contacts.intro')}</Text>
      {!canChange && <Text italic>{t('notifications.contacts.readOnly')}</Text>}
      <SearchToolbar
        label={t('notifications.contacts.search')}
        placeholder={t('notifications.contacts.searchPlaceholder')}
        value={store.keyword}
        onChange={(keyword) => store.search(keyword)}
      >
        <Button
          icon={<ArrowUploadRegular />}
          disabled={!canChange || store.transferring.pending}
          onClick={() => fileInput.current?.click()}
        >
          {t('notifications.contacts.import')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          className={styles.hidden}
          aria-label={t('notifications.contacts.import')}
          onChange={(event) => {
            void importFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button icon={<ArrowDownloadRegular />} disabled={store.transferring.pending} onClick={() => void exportFile()}>
          {t('notifications.contacts.export')}
        </Button>
      </SearchToolbar>
      {store.report && <ImportReport report={store.report} onDismiss={() => store.clearReport()} />}
      {store.loading.failed && <Text role="alert">{t('notifications.contacts.loadFailed')}</Text>}
      <DataTable<ContactInstance>
        label={t('notifications.contacts.title')}
        rows={store.contacts.slice()}
        rowKey={(contact) => contact.id}
        empty={t('notifications.contacts.empty')}
        loading={store.loading.pending}
        columns={[
          { id: 'name', header: t('notifications.contacts.fields.name'), cell: (contact) => contact.name },
          { id: 'smsNum', header: t('notifications.contacts.fields.smsNum'), cell: (contact) => contact.smsNum },
          { id: 'phone', header: t('notifications.contacts.fields.phone'), cell: (contact) => contact.phone },
          {
            id: 'email',
            header: t('notifications.contacts.fields.email'),
            className: styles.email,
            cell: (contact) => contact.email,
          },
          { id: 'department', header: t('notifications.contacts.fields.department'), cell: (contact) => contact.department },
          { id: 'post', header: t('notifications.contacts.fields.post'), cell: (contact) => contact.post },
          { id: 'priority', header: t('notifications.contacts.fields.priority'), cell: (contact) => contact.priority },
          { id: 'channels', header: t('notifications.contacts.fields.channels'), cell: channels },
          {
            id: 'actions',
            header: t('notifications.contacts.actions'),
            cell: (contact) => (
              <>
                <RowAction
                  icon={<EditRegular />}
                  label={t('notifications.contacts.edit')}
                  target={contact.name}
                  disabled={!canChange}
                  onClick={() => open({ mode: 'edit', contact: getSnapshot(contact) })}
                />
                <RowAction
                  icon={<DeleteRegular />}
                  label={t('notifications.contacts.delete')}
                  target={contact.name}
                  disabled={!canChange}
                  onClick={() => open({ mode: 'delete', contact: getSnapshot(contact) })}
                />
              </>
            ),
          },
        ]}
      />
      <Pager
        offset={store.offset}
        pageSize={CONTACTS_PAGE_SIZE}
        total={store.total}
        onChange={(offset) => void store.goTo(offset)}
      />

      {editing?.mode === 'add' && (
        <ContactDialog
          title={t('notifications.contacts.createTitle')}
          initial={EMPTY_CONTACT}
          departments={store.departments}
          request={store.saving}
          onSave={(form) => void save(null, form)}
          onClose={close}
        />
      )}
      {editing?.mode === 'edit' && (
        <ContactDialog
          title={t('notifications.contacts.editTitle')}
          initial={formOf(editing.contact)}
          departments={store.departments}
          request={store.saving}
          onSave={(form) => void save(editing.contact.id, form)}
          onClose={close}
        />
      )}
      {editing?.mode === 'delete' && (
        <ConfirmDialog
          title={t('notifications.contacts.deleteTitle')}
          message={t('notifications.contacts.deleteConfirm', { name: editing.contact.name })}
          confirmLabel={t('notifications.contacts.delete')}
          busy={store.removing.pending}
          onConfirm={() => void remove(editing.contact)}
          onCancel={close}
        />
      )}
    </section>
  );
});

export default NotificationClientPage;
