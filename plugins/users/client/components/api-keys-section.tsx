import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowSyncRegular, CopyRegular, DeleteRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { getSnapshot } from 'mobx-state-tree';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, PageHeader, RowAction } from '@sensorium/core/client';
import { ApiKeyInput } from '../../common';
import { fieldErrors, type FieldErrors } from '../form';
import { useUsersStore } from '../stores';
import { StoreTable } from './store-table';
import type { ApiKey, ApiKeyInstance } from '../stores/models';
import { useOutcome } from '../use-outcome';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  key: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  keyInput: { flexGrow: 1, fontFamily: tokens.fontFamilyMonospace },
});

type Editing = { mode: 'create' } | { mode: 'revoke'; key: ApiKey } | { mode: 'delete'; key: ApiKey } | null;

const formatDate = (value: string | null, never: string) => (value ? new Date(value).toLocaleString() : never);

/** The new key, shown this once, with a copy button. */
function NewKeyDialog(props: { created: { name: string; key: string }; onClose(): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(props.created.key).catch(() => undefined);
    setCopied(true);
  };
  return (
    <Dialog open modalType="alert">
      <DialogSurface aria-label={t('users.keys.newKeyTitle')}>
        <DialogBody>
          <DialogTitle>{t('users.keys.newKeyTitle')}</DialogTitle>
          <DialogContent>
            <Text block>{t('users.keys.newKeyNote')}</Text>
            <div className={styles.key}>
              <Field label={props.created.name} className={styles.keyInput}>
                <Input readOnly value={props.created.key} onFocus={(event) => event.target.select()} />
              </Field>
              <Button icon={<CopyRegular />} onClick={() => void copy()}>
                {copied ? t('users.common.copied') : t('users.common.copy')}
              </Button>
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={props.onClose}>
              {t('users.common.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** My Account > API keys: create (shown once), revoke (a new key replaces it, shown once) and delete. */
export const ApiKeysSection = observer(function ApiKeysSection() {
  const { t } = useTranslation();
  const styles = useStyles();
  const store = useUsersStore().apiKeys;
  const { settle } = useOutcome();
  const [editing, setEditing] = useState<Editing>(null);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const close = () => setEditing(null);

  useEffect(() => {
    void store.load();
    // A key left on screen is not shown again on the next visit.
    return () => store.dismissCreated();
  }, [store]);

  const create = async () => {
    const found = fieldErrors(ApiKeyInput, { name }, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    settle(await store.create(name.trim()), { close });
  };

  return (
    <section className={styles.section} aria-label={t('users.keys.title')}>
      <PageHeader level={2} title={t('users.keys.title')}>
        <Button
          icon={<AddRegular />}
          onClick={() => {
            setName('');
            setErrors(null);
            setEditing({ mode: 'create' });
          }}
        >
          {t('users.keys.add')}
        </Button>
      </PageHeader>
      <Text>{t('users.keys.intro')}</Text>
      <StoreTable<ApiKeyInstance>
        label={t('users.keys.title')}
        rows={store.keys}
        rowKey={(key) => key.id}
        empty={t('users.keys.empty')}
        columns={[
          { id: 'name', header: t('users.keys.name'), cell: (key) => key.name },
          { id: 'prefix', header: t('users.keys.prefix'), cell: (key) => <code>{key.prefix}…</code> },
          { id: 'created', header: t('users.keys.createdAt'), cell: (key) => formatDate(key.createdAt, t('users.keys.never')) },
          { id: 'used', header: t('users.keys.lastUsedAt'), cell: (key) => formatDate(key.lastUsedAt, t('users.keys.never')) },
          {
            id: 'actions',
            header: t('users.common.actions'),
            cell: (key) => (
              <>
                <Button
                  appearance="subtle"
                  icon={<ArrowSyncRegular />}
                  onClick={() => setEditing({ mode: 'revoke', key: getSnapshot(key) })}
                >
                  {t('users.keys.revoke')}
                </Button>
                <RowAction
                  icon={<DeleteRegular />}
                  label={t('users.common.delete')}
                  target={key.name}
                  onClick={() => setEditing({ mode: 'delete', key: getSnapshot(key) })}
                />
              </>
            ),
          },
        ]}
      />
      {editing?.mode === 'create' && (
        <ConfirmDialog
          title={t('users.keys.add')}
          confirmLabel={t('users.common.create')}
          busy={store.saving.pending}
          onConfirm={() => void create()}
          onCancel={close}
        >
          <Field label={t('users.keys.name')} required validationMessage={errors?.name}>
            <Input required={false} value={name} onChange={(_, data) => setName(data.value)} maxLength={100} autoFocus />
          </Field>
        </ConfirmDialog>
      )}
      {editing?.mode === 'revoke' && (
        <ConfirmDialog
          title={t('users.keys.revoke')}
          message={t('users.keys.confirmRevoke', { name: editing.key.name })}
          confirmLabel={t('users.keys.revoke')}
          busy={store.saving.pending}
          onCancel={close}
          onConfirm={() => void store.revoke(editing.key.id).then((outcome) => settle(outcome, { close }))}
        />
      )}
      {editing?.mode === 'delete' && (
        <ConfirmDialog
          title={t('users.common.delete')}
          message={t('users.keys.confirmDelete', { name: editing.key.name })}
          confirmLabel={t('users.common.delete')}
          busy={store.saving.pending}
          onCancel={close}
          onConfirm={() =>
            void store.remove(editing.key.id).then((outcome) => settle(outcome, { close, message: t('users.keys.deleted') }))
          }
        />
      )}
      {store.created && editing === null && <NewKeyDialog created={store.created} onClose={store.dismissCreated} />}
    </section>
  );
});
