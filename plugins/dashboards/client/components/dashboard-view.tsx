import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Text, Title2, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { appPagePath, readApiError, useNotify } from '@sensorium/core/client';
import type { ThemeProfile } from '@sensorium/themes/common';
import type { DashboardsStoreInstance } from '../store';
import { useDashboardColours } from '../use-theme';
import { DashboardGrid } from './dashboard-grid';
import { DashboardToolbar } from './dashboard-toolbar';
import { WidgetDialog } from './widget-dialog';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    minHeight: '100%',
    // The grid measures its box: the page must take the width it is given, not the grid's.
    width: '100%',
    minWidth: 0,
    boxSizing: 'border-box',
    backgroundSize: 'cover',
    backgroundPosition: 'center',
  },
  head: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
});

/** A dashboard page's body: title, toolbar, the themed grid, and the configure dialog of edit mode. */
export const DashboardView = observer(function DashboardView(props: {
  store: DashboardsStoreInstance;
  themes: readonly ThemeProfile[];
  canEdit: boolean;
  banner?: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { store, themes, canEdit } = props;
  const [configuring, setConfiguring] = useState<string | null>(null);
  const colours = useDashboardColours(store, themes);
  const widget = configuring ? store.draft?.widgets.find((entry) => entry.id === configuring) : undefined;
  const createFirst = async () => {
    try {
      const created = await store.create(t('dashboards.defaultName'));
      void navigate(appPagePath(store.appId, `dashboard/${created.id}`));
    } catch (error) {
      notify({ intent: 'error', title: t('dashboards.saveFailed'), body: (await readApiError(error))?.message });
    }
  };
  return (
    <section
      className={styles.page}
      style={{ backgroundImage: colours.background ? `url("${colours.background}")` : undefined, color: colours.font }}
    >
      <div className={styles.head}>
        <Title2 as="h1">{store.shown?.name ?? t('dashboards.title')}</Title2>
        <DashboardToolbar store={store} themes={themes} canEdit={canEdit} />
      </div>
      {/* Multiline: a single-line bar keeps its text on one line, wider than a phone. */}
      {props.banner && (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>{props.banner}</MessageBarBody>
        </MessageBar>
      )}
      {store.loading.pending && !store.dashboard && <Spinner size="small" />}
      {store.loading.failure && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{store.loading.failure.message ?? t('dashboards.loadFailed')}</MessageBarBody>
        </MessageBar>
      )}
      {!store.loading.pending && !store.loading.failed && !store.dashboard && (
        <>
          <Text>{t('dashboards.empty')}</Text>
          {canEdit && (
            <Button appearance="primary" onClick={() => void createFirst()}>
              {t('dashboards.createFirst')}
            </Button>
          )}
        </>
      )}
      <DashboardGrid store={store} colours={colours} onConfigure={setConfiguring} />
      {widget && (
        <WidgetDialog
          appId={store.appId}
          widget={widget}
          onCancel={() => setConfiguring(null)}
          onDone={(change) => {
            store.configureWidget(widget.id, change);
            setConfiguring(null);
          }}
        />
      )}
    </section>
  );
});
