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
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useNotify } from '@sensorium/core/client';
import { ROOT_ITEM_NAME } from '../../common/types';
import { errorMessage, type Item, type NodesApi, type NodeValuesPush, type TreeRow } from '../api';
import { BasicTab } from './basic-tab';
import { ChartTab } from './chart-tab';
import { DataHistoryTab } from './data-history-tab';
import { SettingsTab } from './settings-tab';

/** Tab ids of spec 2.2; Settings (2) is the default. */
export const ITEM_TABS = [
  { id: 1, key: 'basic' },
  { id: 2, key: 'settings' },
  { id: 4, key: 'dataHistory' },
  { id: 5, key: 'chart' },
] as const;
export type ItemTabId = (typeof ITEM_TABS)[number]['id'];
export const DEFAULT_ITEM_TAB: ItemTabId = 2;

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  line: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  label: { color: tokens.colorNeutralForeground3 },
  hidden: { display: 'none' },
});

export interface ItemPanelProps {
  api: NodesApi;
  appId: string;
  uuid: string;
  /** Ancestor names, root first (the Position path). */
  path: string[];
  canWrite: boolean;
  tab: ItemTabId;
  onTab(tab: ItemTabId): void;
  livePush: NodeValuesPush | null;
  knownTags: string[];
  /** The application's items (the tree rows): the Task Setting dialog's devices and the floor plan's pinnable children. */
  items: readonly TreeRow[];
  /** An edit of the item was saved (display name, tags, enable…): the tree row follows. */
  onItemChanged(item: Item): void;
  onDeleted(): void;
}

/** Loads one item and keeps it up to date with the live pushes. */
function useItem(api: NodesApi, uuid: string, livePush: NodeValuesPush | null) {
  const [item, setItem] = useState<Item | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(() => {
    api
      .item(uuid)
      .then((loaded) => {
        setItem(loaded);
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, [api, uuid]);
  useEffect(() => {
    setItem(null);
    reload();
  }, [reload]);
  useEffect(() => {
    const update = livePush?.items.find((entry) => entry.uuid === uuid);
    if (!update) return;
    setItem((current) => (current ? { ...current, ...update } : current));
  }, [livePush, uuid]);
  return { item, setItem, reload, failed };
}

/**
 * The item settings panel (spec 2.2): header with the editable display name, delete link, sensor type, component child
 * and position path; tabs Basic, Settings, Data History and Chart. Tabs stay mounted once opened (hidden, not destroyed);
 * the panel is keyed by item, so editing state resets when another item is selected.
 */
export function ItemPanel(props: ItemPanelProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { item, setItem: set, reload, failed } = useItem(props.api, props.uuid, props.livePush);
  const { onItemChanged } = props;
  const setItem = useCallback(
    (next: Item) => {
      set(next);
      onItemChanged(next);
    },
    [set, onItemChanged],
  );
  const [opened, setOpened] = useState<ReadonlySet<ItemTabId>>(new Set([props.tab]));

  useEffect(() => {
    setOpened((current) => (current.has(props.tab) ? current : new Set([...current, props.tab])));
  }, [props.tab]);

  if (failed) return <Text>{t('nodes.item.loadFailed')}</Text>;
  if (!item) return <Spinner size="small" label={t('nodes.item.loading')} />;

  return (
    <section className={styles.panel} aria-label={t('nodes.item.panel')}>
      <ItemHeader {...props} item={item} onSaved={setItem} />
      <TabList selectedValue={props.tab} onTabSelect={(_, data) => props.onTab(data.value as ItemTabId)}>
        {ITEM_TABS.map((tab) => (
          <Tab key={tab.id} value={tab.id}>
            {t(`nodes.item.tabs.${tab.key}`)}
          </Tab>
        ))}
      </TabList>
      {opened.has(1) && (
        <div className={props.tab === 1 ? undefined : styles.hidden} role="tabpanel">
          <BasicTab
            api={props.api}
            appId={props.appId}
            pinnable={props.items.filter((row) => row.parentName === item.itemName)}
            item={item}
            canWrite={props.canWrite}
            knownTags={props.knownTags}
            onSaved={setItem}
          />
        </div>
      )}
      {opened.has(2) && (
        <div className={props.tab === 2 ? undefined : styles.hidden} role="tabpanel">
          <SettingsTab
            api={props.api}
            appId={props.appId}
            items={props.items}
            item={item}
            canWrite={props.canWrite}
            onChange={setItem}
            onReload={reload}
          />
        </div>
      )}
      {opened.has(4) && (
        <div className={props.tab === 4 ? undefined : styles.hidden} role="tabpanel">
          <DataHistoryTab api={props.api} itemName={item.itemName} active={props.tab === 4} />
        </div>
      )}
      {opened.has(5) && (
        <div className={props.tab === 5 ? undefined : styles.hidden} role="tabpanel">
          <ChartTab api={props.api} item={item} visible={props.tab === 5} />
        </div>
      )}
    </section>
  );
}

function ItemHeader(props: ItemPanelProps & { item: Item; onSaved(item: Item): void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const notify = useNotify();
  const { item, api } = props;
  const [editing, setEditing] = useState(false);
  const [displayName, setDisplayName] = useState(item.itemDisplayName);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteExternal, setDeleteExternal] = useState(false);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (!editing) setDisplayName(item.itemDisplayName);
  }, [item.itemDisplayName, editing]);

  const saveDisplayName = async () => {
    setSaving(true);
    try {
      const saved = await api.patch(item.uuid, { itemDisplayName: displayName.trim() });
      props.onSaved(saved);
      setEditing(false);
    } catch (error) {
      notify({ intent: 'error', title: t('nodes.updateFailed'), body: await errorMessage(error) });
    } finally {
      setSaving(false);
    }
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
    setDeleting(true);
    try {
      await api.remove(item.uuid, offerExternal && deleteExternal);
      setConfirming(false);
      notify({ intent: 'success', title: t('nodes.item.delete.deleted'), body: t('nodes.item.delete.deletedBody') });
      props.onDeleted();
    } catch (error) {
      setConfirming(false);
      notify({
        intent: 'error',
        title: t('nodes.item.delete.failed'),
        body: t('nodes.item.delete.failedBody', { message: await errorMessage(error) }),
      });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <header className={styles.header}>
      <Title3 as="h2">{item.itemName}</Title3>
      <div className={styles.line}>
        <Field label={t('nodes.item.displayName')} orientation="horizontal">
          <Input
            value={displayName}
            readOnly={!editing}
            onChange={(_, data) => setDisplayName(data.value)}
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
            onClick={() => setEditing(true)}
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
          busy={deleting}
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
}
