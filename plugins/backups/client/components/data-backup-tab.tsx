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
import { AddRegular, ChevronLeftRegular, ChevronRightRegular, MoreHorizontalRegular } from '@fluentui/react-icons';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useHttp, useNotify } from '@sensorium/core/client';
import type { ApplicationSettingTabProps } from '@sensorium/applications/common';
import type { Backup } from '../../common';
import { backupApi } from '../backup-api';
import { CreateBackupDialog } from './create-backup-dialog';
import { RestoreBackupDialog } from './restore-backup-dialog';

/** Tables page at 10 rows (shell spec §9). */
const PAGE_SIZE = 10;

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', justifyContent: 'flex-end' },
  table: { overflowX: 'auto' },
  headerRow: { height: '40px' },
  pager: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', justifyContent: 'flex-end', minHeight: '55px' },
  actions: { width: '64px' },
});

type Dialog = { kind: 'create' } | { kind: 'delete'; backup: Backup } | { kind: 'restore'; backup: Backup } | null;

/** Application Setting, Data Backup tab (shell spec §2.8, node spec §2.13): the application's backups and their actions. */
export default function DataBackupTab({ appId }: ApplicationSettingTabProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const http = useHttp();
  const api = useMemo(() => backupApi(http), [http]);
  const [backups, setBackups] = useState<Backup[]>([]);
  const [page, setPage] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState(false);

  const reload = useCallback(() => api.list(appId).then(setBackups), [api, appId]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const pages = Math.max(1, Math.ceil(backups.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = backups.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);

  const remove = async (backup: Backup) => {
    setDeleting(true);
    try {
      await api.remove(appId, backup.folder);
      notify({
        intent: 'success',
        title: t('backups.delete.done'),
        body: t('backups.delete.doneBody', { name: backup.description }),
      });
    } catch {
      notify({
        intent: 'error',
        title: t('backups.delete.failed'),
        body: t('backups.delete.failedBody', { name: backup.description }),
      });
    } finally {
      setDeleting(false);
      setDialog(null);
      void reload();
    }
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
                          disabled={backup.status !== 'ready'}
                        />
                      </MenuTrigger>
                      <MenuPopover>
                        <MenuList>
                          <MenuItem onClick={() => void api.download(appId, backup.folder)}>
                            {t('backups.menu.download')}
                          </MenuItem>
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
      {backups.length > PAGE_SIZE && (
        <div className={styles.pager}>
          <Text>
            {t('backups.pager.range', {
              from: current * PAGE_SIZE + 1,
              to: current * PAGE_SIZE + shown.length,
              total: backups.length,
            })}
          </Text>
          <Button
            aria-label={t('backups.pager.previous')}
            icon={<ChevronLeftRegular />}
            disabled={current === 0}
            onClick={() => setPage(current - 1)}
          />
          <Button
            aria-label={t('backups.pager.next')}
            icon={<ChevronRightRegular />}
            disabled={current >= pages - 1}
            onClick={() => setPage(current + 1)}
          />
        </div>
      )}
      {dialog?.kind === 'create' && (
        <CreateBackupDialog
          appId={appId}
          api={api}
          onCreated={() => {
            setDialog(null);
            setPage(0);
            notify({ intent: 'success', title: t('backups.created') });
            void reload();
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('backups.menu.delete')}
          confirmLabel={t('backups.delete.yes')}
          busy={deleting}
          onConfirm={() => void remove(dialog.backup)}
          onCancel={() => setDialog(null)}
        >
          <Text block>{t('backups.delete.confirm', { name: dialog.backup.description })}</Text>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'restore' && (
        <RestoreBackupDialog appId={appId} backup={dialog.backup} api={api} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}
