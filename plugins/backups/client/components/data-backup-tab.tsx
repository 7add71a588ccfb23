import {
  Button,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, MoreHorizontalRegular } from '@fluentui/react-icons';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, Pager, useNotify } from '@sensorium/core/client';
import type { ApplicationSettingTabProps } from '@sensorium/applications/common';
import type { Backup } from '../../common';
import { saveZip } from '../api';
import { BACKUPS_PAGE_SIZE } from '../store';
import { useBackups } from '../use-backups';
import { CreateBackupDialog } from './create-backup-dialog';
import { RestoreBackupDialog } from './restore-backup-dialog';

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', justifyContent: 'flex-end' },
  table: { overflowX: 'auto' },
  headerRow: { height: '40px' },
  actions: { width: '64px' },
});

type Dialog = { kind: 'create' } | { kind: 'delete'; backup: Backup } | { kind: 'restore'; backup: Backup } | null;

/**
 * Application Setting, Data Backup tab (shell spec §2.8, node spec §2.13): the application's backups and their actions,
 * from the backups store; the tab keeps only which dialog is open.
 */
const DataBackupTab = observer(function DataBackupTab({ appId }: ApplicationSettingTabProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const store = useBackups();
  const [dialog, setDialog] = useState<Dialog>(null);

  useEffect(() => void store.open(appId), [store, appId]);

  const current = store.currentPage;
  const shown = store.shown;

  const remove = async (backup: Backup) => {
    const outcome = await store.remove(backup.folder);
    notify(
      outcome.ok
        ? { intent: 'success', title: t('backups.delete.done'), body: t('backups.delete.doneBody', { name: backup.description }) }
        : {
            intent: 'error',
            title: t('backups.delete.failed'),
            body: t('backups.delete.failedBody', { name: backup.description }),
          },
    );
    setDialog(null);
  };
  const download = async (folder: string) => {
    const outcome = await store.download(folder);
    if (outcome.ok) saveZip(folder, outcome.value);
  };

  return (
    <section className={styles.tab}>
      <div className={styles.toolbar}>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setDialog({ kind: 'create' })}>
          {t('backups.create')}
        </Button>
      </div>
      <div className={styles.table}>
        <Table aria-label={t('backups.tab')} size="small">
          <TableHeader>
            <TableRow className={styles.headerRow}>
              <TableHeaderCell>{t('backups.columns.createDate')}</TableHeaderCell>
              <TableHeaderCell>{t('backups.columns.description')}</TableHeaderCell>
              <TableHeaderCell className={styles.actions}>{t('backups.columns.actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.length === 0 ? (
              <TableRow>
                <TableCell colSpan={3}>
                  <Text>{t('backups.empty')}</Text>
                </TableCell>
              </TableRow>
            ) : (
              shown.map((backup) => (
                <TableRow key={backup.folder}>
                  <TableCell>{dayjs(backup.createDate).format('DD/MM/YYYY HH:mm')}</TableCell>
                  <TableCell>{backup.description}</TableCell>
                  <TableCell className={styles.actions}>
                    <Menu>
                      <MenuTrigger disableButtonEnhancement>
                        <Button
                          appearance="subtle"
                          icon={<MoreHorizontalRegular />}
                          aria-label={t('backups.menu.label', { name: backup.description })}
                          disabled={backup.status === 'creating'}
                        />
                      </MenuTrigger>
                      <MenuPopover>
                        <MenuList>
                          <MenuItem onClick={() => void download(backup.folder)}>{t('backups.menu.download')}</MenuItem>
                          <MenuItem onClick={() => setDialog({ kind: 'delete', backup })}>{t('backups.menu.delete')}</MenuItem>
                          <MenuItem onClick={() => setDialog({ kind: 'restore', backup })}>{t('backups.menu.restore')}</MenuItem>
                        </MenuList>
                      </MenuPopover>
                    </Menu>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      {store.backups.length > BACKUPS_PAGE_SIZE && (
        <Pager
          offset={current * BACKUPS_PAGE_SIZE}
          pageSize={BACKUPS_PAGE_SIZE}
          total={store.backups.length}
          onChange={(offset) => store.setPage(offset / BACKUPS_PAGE_SIZE)}
        />
      )}
      {dialog?.kind === 'create' && (
        <CreateBackupDialog
          onCreated={() => {
            setDialog(null);
            notify({ intent: 'success', title: t('backups.created') });
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('backups.menu.delete')}
          confirmLabel={t('backups.delete.yes')}
          busy={store.deleting.pending}
          onConfirm={() => void remove(dialog.backup)}
          onCancel={() => setDialog(null)}
        >
          <Text block>{t('backups.delete.confirm', { name: dialog.backup.description })}</Text>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'restore' && <RestoreBackupDialog backup={dialog.backup} onClose={() => setDialog(null)} />}
    </section>
  );
});

export default DataBackupTab;
