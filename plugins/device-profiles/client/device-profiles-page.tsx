import { Badge, Button, makeStyles, MessageBar, Text, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular, ArrowUploadRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ConfirmDialog,
  DataTable,
  PageHeader,
  saveBlob,
  useNotify,
  usePageStyles,
  usePluginStore,
  useSessionUser,
} from '@sensorium/core/client';
import { isSeededProfile, PROFILE_EXPORT_FORMAT, type DeviceProfileExport } from '../common';
import { ProfileDialog } from './profile-dialog';
import type { DeviceProfileInstance, DeviceProfilesStore } from './store';

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  name: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  row: { display: 'flex', flexWrap: 'nowrap' },
});

type Editing =
  { mode: 'add' } | { mode: 'edit'; profile: DeviceProfileInstance } | { mode: 'delete'; profile: DeviceProfileInstance } | null;

/** Advance Setting > Device Profiles: the catalogue offered to every application, JSON import and export. */
function DeviceProfilesPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const layout = usePageStyles();
  const notify = useNotify();
  const user = useSessionUser();
  const store = usePluginStore<typeof DeviceProfilesStore>('deviceProfiles');
  const [editing, setEditing] = useState<Editing>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const isCloud = user?.level === 'cloud';

  useEffect(() => {
    if (isCloud) void store.load();
  }, [store, isCloud]);

  if (!isCloud) {
    return (
      <section className={layout.page}>
        <PageHeader title={t('device-profiles.title')} />
        <Text>{t('device-profiles.cloudOnly')}</Text>
      </section>
    );
  }

  const exportProfiles = async () => {
    const file = await store.exportFile();
    saveBlob(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }), 'device-profiles.json');
  };

  const importProfiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let parsed: DeviceProfileExport;
    try {
      parsed = JSON.parse(await file.text()) as DeviceProfileExport;
      if (parsed.format !== PROFILE_EXPORT_FORMAT || !Array.isArray(parsed.profiles)) throw new Error('format');
    } catch {
      notify({ intent: 'error', title: t('device-profiles.importFailed'), body: t('device-profiles.badFile') });
      return;
    }
    const outcome = await store.importProfiles(parsed);
    if (outcome.ok) notify({ intent: 'success', title: t('device-profiles.imported', { ...outcome.value }) });
    else notify({ intent: 'error', title: t('device-profiles.importFailed'), body: outcome.failure.message ?? undefined });
  };

  const remove = async (profile: DeviceProfileInstance) => {
    const name = profile.deviceProfileName;
    const outcome = await store.remove(profile.uuid);
    setEditing(null);
    if (outcome.ok)
      notify({ intent: 'success', title: t('device-profiles.deleted'), body: t('device-profiles.deletedBody', { name }) });
    else notify({ intent: 'error', title: t('device-profiles.deleteFailed'), body: outcome.failure.message ?? undefined });
  };

  return (
    <section className={layout.page}>
      <PageHeader title={t('device-profiles.title')}>
        <div className={styles.actions}>
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ mode: 'add' })}>
            {t('device-profiles.add')}
          </Button>
          <Button icon={<ArrowUploadRegular />} onClick={() => fileInput.current?.click()} disabled={store.importing.pending}>
            {t('device-profiles.import')}
          </Button>
          <Button icon={<ArrowDownloadRegular />} onClick={() => void exportProfiles()}>
            {t('device-profiles.export')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            hidden
            aria-label={t('device-profiles.import')}
            onChange={(event) => void importProfiles(event)}
          />
        </div>
      </PageHeader>
      <Text>{t('device-profiles.intro')}</Text>
      {store.loading.failed && (
        <MessageBar intent="error">{store.loading.failure?.message ?? t('device-profiles.loadFailed')}</MessageBar>
      )}
      <DataTable
        label={t('device-profiles.tableLabel')}
        size="medium"
        rows={store.profiles.slice()}
        rowKey={(profile) => profile.uuid}
        empty={t('device-profiles.empty')}
        loading={store.loading.pending}
        columns={[
          {
            id: 'name',
            header: t('device-profiles.columns.name'),
            cell: (profile) => (
              <span className={styles.name}>
                {profile.deviceProfileName}
                {isSeededProfile(profile.uuid) && (
                  <Badge appearance="outline" size="small">
                    {t('device-profiles.seeded')}
                  </Badge>
                )}
              </span>
            ),
          },
          { id: 'brand', header: t('device-profiles.columns.brand'), cell: (profile) => profile.sensorBrand },
          { id: 'model', header: t('device-profiles.columns.model'), cell: (profile) => profile.sensorModel },
          { id: 'subType', header: t('device-profiles.columns.subType'), cell: (profile) => profile.subType },
          {
            id: 'dataSource',
            header: t('device-profiles.columns.dataSource'),
            cell: (profile) => t(`device-profiles.sources.${profile.dataSource}`),
          },
          {
            id: 'commands',
            header: t('device-profiles.columns.commands'),
            cell: (profile) => profile.commands.map((command) => command.display).join(', '),
          },
          {
            id: 'actions',
            header: t('device-profiles.columns.actions'),
            cell: (profile) => (
              <span className={styles.row}>
                <Button
                  appearance="subtle"
                  icon={<EditRegular />}
                  aria-label={`${t('device-profiles.edit')} ${profile.deviceProfileName}`}
                  onClick={() => {
                    store.saving.clear();
                    setEditing({ mode: 'edit', profile });
                  }}
                />
                {!isSeededProfile(profile.uuid) && (
                  <Button
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={`${t('device-profiles.delete')} ${profile.deviceProfileName}`}
                    onClick={() => setEditing({ mode: 'delete', profile })}
                  />
                )}
              </span>
            ),
          },
        ]}
      />
      {(editing?.mode === 'add' || editing?.mode === 'edit') && (
        <ProfileDialog
          store={store}
          profile={editing.mode === 'edit' ? editing.profile : null}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notify({ intent: 'success', title: t('device-profiles.saved') });
          }}
        />
      )}
      {editing?.mode === 'delete' && (
        <ConfirmDialog
          title={t('device-profiles.delete')}
          message={t('device-profiles.confirmDelete', { name: editing.profile.deviceProfileName })}
          confirmLabel={t('device-profiles.delete')}
          busy={store.removing.pending}
          onCancel={() => setEditing(null)}
          onConfirm={() => void remove(editing.profile)}
        />
      )}
    </section>
  );
}

export default observer(DeviceProfilesPage);
