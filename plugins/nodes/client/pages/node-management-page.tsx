import { Button, makeStyles, mergeClasses, Spinner, Text, Title3, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { NOT_FOUND_PATH, usePluginStore, useSession } from '@sensorium/core/client';
import type { OutlineRow } from '../../common/tree-outline';
import { ItemPanel } from '../item/item-panel';
import { SETTINGS_TAB, type NodesStore } from '../store/nodes-store';
import { TreePanel } from '../tree/tree-panel';
import { useNodeValues } from '../use-node-values';
import { useTreeChanges } from '../use-tree-changes';
import { AddItemWizard } from '../wizard/add-item-wizard';

/** Below this width the tree and the item no longer fit side by side: the page shows one of them at a time. */
const NARROW = '@media (max-width: 900px)';

const useStyles = makeStyles({
  page: {
    display: 'grid',
    gridTemplateColumns: 'minmax(300px, 400px) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  left: {
    height: 'calc(100vh - 160px)',
    minHeight: '420px',
    position: 'sticky',
    top: tokens.spacingVerticalM,
    // Alone in its column, a sticky tree would stay over the item's settings as they scroll under it.
    [NARROW]: { position: 'static' },
  },
  // Item names have no spaces to break at: a long one wraps rather than widening the page.
  right: { minWidth: 0, overflowWrap: 'break-word' },
  narrowHidden: { [NARROW]: { display: 'none' } },
  back: { display: 'none', [NARROW]: { display: 'inline-flex', alignSelf: 'flex-start' } },
  empty: { color: tokens.colorNeutralForeground3 },
});

/** The write permission of Node Management; reads need none beyond seeing the application. */
export const NODE_MANAGEMENT_PERMISSION = 'nodemanagement';

/**
 * Node Management (spec 2.1): the application's tree on the left, the selected item's settings on the right.
 * The selection lives in the URL hash (the item uuid), so a link with a hash opens that item. On a narrow screen the
 * selected item takes the whole width, and Back to tree shows the tree instead (with the item still selected).
 */
const NodeManagementPage = observer(function NodeManagementPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const appId = useParams().app_id ?? '';
  const store = usePluginStore<typeof NodesStore>('nodes');
  const { tree } = store;
  const canWrite = session.hasPermission(NODE_MANAGEMENT_PERMISSION);
  const selectedUuid = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;
  const selected = selectedUuid ? tree.byUuid.get(selectedUuid) : undefined;
  /** The selected item for which Back to tree was pressed; choosing a row shows its item again. */
  const [treeShownFor, setTreeShownFor] = useState<string | null>(null);
  const treeShown = !selected || treeShownFor === selectedUuid;

  useEffect(() => {
    // The route's prefetch opened it on this navigation already, unless the page was rendered without one.
    // Failures stay in the tree's request state, which the page shows.
    if (store.appId !== appId) void store.open(appId);
  }, [store, appId]);

  // Also after opening another application, which forgets the selection.
  useEffect(() => {
    void store.select(selectedUuid);
  }, [store, appId, selectedUuid]);

  // An unknown application (or one the user cannot see) answers 404: like the other application pages, go to not-found.
  useEffect(() => {
    if (tree.notFound) void navigate(NOT_FOUND_PATH, { replace: true });
  }, [tree.notFound, navigate]);

  useNodeValues(appId, (push) => store.applyPush(push));
  // Items added, deleted or moved by someone else show without a reload.
  useTreeChanges(appId, () => void tree.changedElsewhere());

  const loaded = tree.tree !== null;
  useEffect(() => {
    if (loaded) performance.mark('nodes:tree-rendered');
  }, [loaded]);

  const select = (row: OutlineRow) => {
    setTreeShownFor(null);
    if (row.uuid !== selectedUuid) void navigate({ hash: row.uuid });
  };
  const backToTree = () => {
    setTreeShownFor(selectedUuid);
    if (selected) tree.reveal(selected.itemName);
  };

  if (tree.loading.failed && !loaded && !tree.notFound) return <Text>{t('nodes.page.loadFailed')}</Text>;
  if (!loaded || store.appId !== appId) return <Spinner label={t('nodes.page.loading')} />;

  return (
    <div className={styles.page}>
      <div className={mergeClasses(styles.left, !treeShown && styles.narrowHidden)}>
        <TreePanel
          store={store}
          canWrite={canWrite}
          selectedUuid={selectedUuid}
          onSelect={select}
          onAdd={(row) => store.openWizard(tree.addParentOf(row.itemName))}
          onSetting={(row) => {
            store.setTab(SETTINGS_TAB);
            select(row);
          }}
        />
      </div>
      <div className={mergeClasses(styles.right, selected && treeShown && styles.narrowHidden)}>
        {selected && (
          <Button className={styles.back} appearance="subtle" icon={<ArrowLeftRegular />} onClick={backToTree}>
            {t('nodes.page.backToTree')}
          </Button>
        )}
        <Title3 as="h1" block>
          {t('nodes.page.title')}
        </Title3>
        {selected ? (
          <ItemPanel
            key={selected.uuid}
            store={store}
            uuid={selected.uuid}
            appId={appId}
            path={tree.pathOf(selected.itemName)}
            canWrite={canWrite}
            onDeleted={() => void navigate({ hash: '' })}
          />
        ) : (
          <Text block className={styles.empty}>
            {t('nodes.page.selectHint')}
          </Text>
        )}
      </div>
      {store.wizard && (
        <AddItemWizard
          wizard={store.wizard}
          parents={tree.rows}
          onAdded={(item) => {
            // The tree is reloaded; the new item is selected (hash) and revealed once its row is there.
            void store.added(item);
            void navigate({ hash: item.uuid });
          }}
          onClose={() => store.closeWizard()}
        />
      )}
    </div>
  );
});

export default NodeManagementPage;
