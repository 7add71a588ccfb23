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
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, DataTable, PageHeader, readApiError, RowAction, useHttp, useNotify } from '@sensorium/core/client';
import { ApiKeyInput, type ApiKeyRow, type NewApiKey } from '../../common';
import { fieldErrors, type FieldErrors } from '../form';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  key: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  keyInput: { flexGrow: 1, fontFamily: tokens.fontFamilyMonospace },
});

type Editing = { mode: 'create' } | { mode: 'revoke'; key: ApiKeyRow } | { mode: 'delete'; key: ApiKeyRow } | null;

const formatDate = (value: string | null, never: string) => (value ? new Date(value).toLocaleString() : never);

/** The new key, shown this once, with a copy button. */
function NewKeyDialog(props: { created: NewApiKey; onClose(): void }) {
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
export function ApiKeysSection() {
  const { t } = useTranslation();
  const styles = useStyles();
  const http = useHttp();
  const notify = useNotify();
  const [keys, setKeys] = useState<ApiKeyRow[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [shown, setShown] = useState<NewApiKey | null>(null);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setKeys(await http.get('api-keys').json<ApiKeyRow[]>());
  }, [http]);
  useEffect(() => void load().catch(() => undefined), [load]);

  const run = async (call: () => Promise<NewApiKey | void>) => {
    setBusy(true);
    try {
      const created = await call();
      setEditing(null);
      if (created) setShown(created);
      else notify({ intent: 'success', title: t('users.keys.deleted') });
      await load();
    } catch (error) {
      notify({ intent: 'error', title: (await readApiError(error))?.message ?? t('users.errors.generic') });
    } finally {
      setBusy(false);
    }
  };

  const create = () => {
    const found = fieldErrors(ApiKeyInput, { name }, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(() => http.post('api-keys', { json: { name: name.trim() } }).json<NewApiKey>());
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
      <DataTable
        label={t('users.keys.title')}
        rows={keys}
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
                <Button appearance="subtle" icon={<ArrowSyncRegular />} onClick={() => setEditing({ mode: 'revoke', key })}>
                  {t('users.keys.revoke')}
                </Button>
                <RowAction
                  icon={<DeleteRegular />}
                  label={t('users.common.delete')}
                  target={key.name}
                  onClick={() => setEditing({ mode: 'delete', key })}
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
          busy={busy}
          onConfirm={create}
          onCancel={() => setEditing(null)}
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
          busy={busy}
          onCancel={() => setEditing(null)}
          onConfirm={() => void run(() => http.post(`api-keys/${encodeURIComponent(editing.key.id)}/revoke`).json<NewApiKey>())}
        />
      )}
      {editing?.mode === 'delete' && (
        <ConfirmDialog
          title={t('users.common.delete')}
          message={t('users.keys.confirmDelete', { name: editing.key.name })}
          confirmLabel={t('users.common.delete')}
          busy={busy}
          onCancel={() => setEditing(null)}
          onConfirm={() =>
            void run(async () => {
              await http.delete(`api-keys/${encodeURIComponent(editing.key.id)}`);
            })
          }
        />
      )}
      {shown && <NewKeyDialog created={shown} onClose={() => setShown(null)} />}
    </section>
  );
}
