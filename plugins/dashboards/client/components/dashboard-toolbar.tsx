import {
  Button,
  Input,
  makeStyles,
  Menu,
  MenuButton,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Select,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, MoreHorizontalRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { appPagePath, ConfirmDialog, readApiError, useNotify } from '@sensorium/core/client';
import type { ThemeProfile } from '@sensorium/themes/common';
import { WIDGET_TYPES } from '../../common';
import type { DashboardsStoreInstance } from '../store';
import { ShareDialog } from './share-dialog';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  // A long dashboard name shortens within the screen instead of widening the page.
  switcher: { width: '16rem', maxWidth: '100%' },
});

type Ask = { kind: 'name'; action: 'create' | 'rename' } | { kind: 'delete' } | { kind: 'share' } | null;

/** The dashboard switcher and actions: edit, save, discard, add widget, theme, new, rename, make main, delete, share. */
export const DashboardToolbar = observer(function DashboardToolbar(props: {
  store: DashboardsStoreInstance;
  themes: readonly ThemeProfile[];
  canEdit: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { store, themes, canEdit } = props;
  const [ask, setAsk] = useState<Ask>(null);
  const [name, setName] = useState('');
  const dashboard = store.dashboard;
  const go = (id: string) => void navigate(appPagePath(store.appId, `dashboard/${id}`));
  const attempt = async (work: () => Promise<unknown>) => {
    try {
      await work();
      setAsk(null);
    } catch (error) {
      notify({ intent: 'error', title: t('dashboards.saveFailed'), body: (await readApiError(error))?.message });
    }
  };
  const save = async () => {
    if (await store.save()) notify({ intent: 'success', title: t('dashboards.saved') });
    else notify({ intent: 'error', title: t('dashboards.saveFailed'), body: store.saving.failure?.message ?? undefined });
  };

  return (
    <div className={styles.bar}>
      {store.summaries.length > 0 && (
        <Select
          className={styles.switcher}
          aria-label={t('dashboards.switcher')}
          value={dashboard?.id ?? ''}
          disabled={store.editing}
          onChange={(_event, data) => go(data.value)}
        >
          {store.summaries.map((summary) => (
            <option key={summary.id} value={summary.id}>
              {summary.isMain ? t('dashboards.mainMark', { name: summary.name }) : summary.name}
            </option>
          ))}
        </Select>
      )}
      {canEdit && dashboard && !store.editing && (
        <>
          <Button appearance="primary" onClick={() => store.startEdit()}>
            {t('dashboards.edit')}
          </Button>
          <Button onClick={() => setAsk({ kind: 'share' })}>{t('dashboards.share.open')}</Button>
        </>
      )}
      {store.editing && (
        <>
          <Menu>
            <MenuTrigger disableButtonEnhancement>
              <MenuButton icon={<AddRegular />}>{t('dashboards.addWidget')}</MenuButton>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {WIDGET_TYPES.map((type) => (
                  <MenuItem key={type} onClick={() => store.addWidget(type, t(`dashboards.widget.types.${type}`))}>
                    {t(`dashboards.widget.types.${type}`)}
                  </MenuItem>
                ))}
              </MenuList>
            </MenuPopover>
          </Menu>
          <Select
            aria-label={t('dashboards.theme')}
            value={store.draft?.themeId ?? ''}
            onChange={(_event, data) => store.setDraftTheme(data.value || null)}
          >
            <option value="">{t('dashboards.noTheme')}</option>
            {themes.map((theme) => (
              <option key={theme.id} value={theme.id}>
                {theme.name}
              </option>
            ))}
          </Select>
          <Button appearance="primary" disabled={store.saving.pending} onClick={() => void save()}>
            {t('dashboards.save')}
          </Button>
          <Button onClick={() => store.discard()}>{t('dashboards.discard')}</Button>
        </>
      )}
      {canEdit && !store.editing && (
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={t('dashboards.more')} />
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              <MenuItem
                onClick={() => {
                  setName('');
                  setAsk({ kind: 'name', action: 'create' });
                }}
              >
                {t('dashboards.create')}
              </MenuItem>
              {dashboard && (
                <>
                  <MenuItem
                    onClick={() => {
                      setName(dashboard.name);
                      setAsk({ kind: 'name', action: 'rename' });
                    }}
                  >
                    {t('dashboards.rename')}
                  </MenuItem>
                  <MenuItem disabled={dashboard.isMain} onClick={() => void attempt(() => store.makeMain())}>
                    {t('dashboards.makeMain')}
                  </MenuItem>
                  <MenuItem onClick={() => setAsk({ kind: 'delete' })}>{t('dashboards.delete')}</MenuItem>
                </>
              )}
            </MenuList>
          </MenuPopover>
        </Menu>
      )}
      {ask?.kind === 'name' && (
        <ConfirmDialog
          title={t(ask.action === 'create' ? 'dashboards.create' : 'dashboards.rename')}
          confirmLabel={t('dashboards.save')}
          invalid={name.trim() === ''}
          onCancel={() => setAsk(null)}
          onConfirm={() =>
            void attempt(async () => {
              if (ask.action === 'rename') return store.rename(name.trim());
              go((await store.create(name.trim())).id);
            })
          }
        >
          <Input aria-label={t('dashboards.name')} value={name} maxLength={100} onChange={(_e, data) => setName(data.value)} />
        </ConfirmDialog>
      )}
      {ask?.kind === 'delete' && dashboard && (
        <ConfirmDialog
          title={t('dashboards.delete')}
          message={t('dashboards.deleteConfirm', { name: dashboard.name })}
          confirmLabel={t('dashboards.delete')}
          onCancel={() => setAsk(null)}
          onConfirm={() =>
            void attempt(async () => {
              await store.remove();
              void navigate(appPagePath(store.appId, 'dashboard/main'));
            })
          }
        />
      )}
      {ask?.kind === 'share' && <ShareDialog store={store} onClose={() => setAsk(null)} />}
    </div>
  );
});
