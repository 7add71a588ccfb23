import {
  Button,
  Checkbox,
  Field,
  Input,
  Link,
  makeStyles,
  Spinner,
  Tab,
  TabList,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { EditRegular, SaveRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useContributions, useNotify } from '@sensorium/core/client';
import { itemSettingsTabs, itemTabsFor, type ItemSettingsTab } from '../../common/extension-points';
import { ROOT_ITEM_NAME, type Item } from '../../common/types';
import { plainItem } from '../store/item-model';
import type { NodesStoreInstance } from '../store/nodes-store';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  line: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  label: { color: tokens.colorNeutralForeground3 },
  hidden: { display: 'none' },
});

export interface ItemPanelProps {
  store: NodesStoreInstance;
  appId: string;
  /** The selected item (the panel is keyed by it). */
  uuid: string;
  /** Ancestor names, root first (the Position path). */
  path: string[];
  canWrite: boolean;
  onDeleted(): void;
}

/** The contributed tabs for the item's data source, in order; the panel opens on the first one marked default. */
function useItemTabs(dataSourceType: string | undefined): { tabs: ItemSettingsTab[]; defaultTab: string | null } {
  const tabs = itemTabsFor(useContributions(itemSettingsTabs), dataSourceType);
  return { tabs, defaultTab: (tabs.find((tab) => tab.default) ?? tabs[0])?.id ?? null };
}

/**
 * The item settings panel (spec 2.2): header with the editable display name, delete link, sensor type, component child
 * and position path; then the contributed tabs (Basic, Settings, Data History, Chart). Tabs stay mounted once opened
 * (hidden, not destroyed); the panel is keyed by item, so editing state resets when another item is selected.
 */
export const ItemPanel = observer(function ItemPanel(props: ItemPanelProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { store } = props;
  const { tabs, defaultTab } = useItemTabs(store.item.detail?.dataSource.type);
  const current = store.tab && tabs.some((tab) => tab.id === store.tab) ? store.tab : defaultTab;
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(current ? [current] : []));
  if (current && !opened.has(current)) setOpened(new Set([...opened, current]));

  const detail = store.item.detail;
  if (store.item.loading.failed) return <Text>{t('nodes.item.loadFailed')}</Text>;
  if (!detail || detail.uuid !== props.uuid) return <Spinner size="small" label={t('nodes.item.loading')} />;
  const item = plainItem(detail);

  return (
    <section className={styles.panel} aria-label={t('nodes.item.panel')}>
      <ItemHeader {...props} item={item} />
      <TabList selectedValue={current} onTabSelect={(_, data) => store.setTab(String(data.value))}>
        {tabs.map((tab) => (
          <Tab key={tab.id} value={tab.id}>
            {t(tab.titleKey)}
          </Tab>
        ))}
      </TabList>
      {tabs
        .filter((tab) => opened.has(tab.id))
        .map((tab) => (
          <div key={tab.id} className={tab.id === current ? undefined : styles.hidden} role="tabpanel">
            <Suspense fallback={<Spinner size="small" />}>
              <tab.component appId={props.appId} item={item} active={tab.id === current} canWrite={props.canWrite} />
            </Suspense>
          </div>
        ))}
    </section>
  );
});

const ItemHeader = observer(function ItemHeader(props: ItemPanelProps & { item: Item }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const notify = useNotify();
  const { item, store } = props;
  const [confirming, setConfirming] = useState(false);
  const [deleteExternal, setDeleteExternal] = useState(false);
  /** Editing: the display name's draft (in the store, dropped when another item is selected) shows, not the saved name. */
  const editing = store.item.editing('itemDisplayName');
  const saving = store.item.saving.pending;

  const saveDisplayName = async () => {
    const outcome = await store.item.saveDraft('itemDisplayName');
    if (!outcome.ok) notify({ intent: 'error', title: t('nodes.updateFailed'), body: outcome.failure.message ?? undefined });
  };

  const isRoot = item.itemName === ROOT_ITEM_NAME || item.parentName === null;
  const offerExternal = item.dataSource.type === 'chirpstack' && !!item.dataSource.deviceEUI;

  const askDelete = () => {
    if (isRoot) {
      notify({ intent: 'error', title: t('nodes.item.delete.rootRefused') });
      return;
    }
    setDeleteExternal(false);
    setConfirming(true);
  };

  const remove = async () => {
    const outcome = await store.removeSelected(offerExternal && deleteExternal);
    setConfirming(false);
    if (outcome.ok) {
      notify({ intent: 'success', title: t('nodes.item.delete.deleted'), body: t('nodes.item.delete.deletedBody') });
      props.onDeleted();
    } else {
      notify({
        intent: 'error',
        title: t('nodes.item.delete.failed'),
        body: t('nodes.item.delete.failedBody', { message: outcome.failure.message ?? '' }),
      });
    }
  };

  return (
    <header className={styles.header}>
      <Title3 as="h2">{item.itemName}</Title3>
      <div className={styles.line}>
        <Field label={t('nodes.item.displayName')} orientation="horizontal">
          <Input
            value={store.item.shown('itemDisplayName')}
            readOnly={!editing}
            onChange={(_, data) => store.item.edit('itemDisplayName', data.value)}
            onKeyDown={(event) => event.key === 'Enter' && editing && void saveDisplayName()}
          />
        </Field>
        {editing ? (
          <Button
            appearance="primary"
            icon={saving ? <Spinner size="extra-tiny" /> : <SaveRegular />}
            aria-label={t('nodes.item.saveDisplayName')}
            title={t('nodes.item.saveDisplayName')}
            disabled={saving}
            onClick={() => void saveDisplayName()}
          />
        ) : (
          <Button
            appearance="subtle"
            icon={<EditRegular />}
            aria-label={t('nodes.item.editDisplayName')}
            title={t('nodes.item.editDisplayName')}
            disabled={!props.canWrite}
            onClick={() => store.item.edit('itemDisplayName', item.itemDisplayName)}
          />
        )}
        <Link as="button" disabled={!props.canWrite} onClick={askDelete}>
          {t('nodes.item.delete.link')}
        </Link>
      </div>
      {item.dataSource.sensorType && (
        <Text>
          <span className={styles.label}>{t('nodes.item.sensorType')}: </span>
          {item.dataSource.sensorType}
        </Text>
      )}
      {item.dataSource.componentChildName && (
        <Text>
          <span className={styles.label}>{t('nodes.item.componentChild')}: </span>
          {item.dataSource.componentChildName}
        </Text>
      )}
      <Text>
        <span className={styles.label}>{t('nodes.item.position')}: </span>
        <span data-testid="position-path">{props.path.join(' > ')}</span>
      </Text>
      {confirming && (
        <ConfirmDialog
          title={t('nodes.item.delete.title')}
          message={t('nodes.item.delete.confirm', { name: item.itemName })}
          confirmLabel={t('nodes.item.delete.confirmButton')}
          busy={store.item.deleting.pending}
          onConfirm={() => void remove()}
          onCancel={() => {
            setConfirming(false);
            notify({ intent: 'info', title: t('nodes.item.delete.cancelled') });
          }}
        >
          {offerExternal && (
            <Checkbox
              label={t('nodes.item.delete.external')}
              checked={deleteExternal}
              onChange={(_, data) => setDeleteExternal(data.checked === true)}
            />
          )}
        </ConfirmDialog>
      )}
    </header>
  );
});
