import { makeStyles, Spinner, Text, Title3, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { NOT_FOUND_PATH, useHttp, useSession } from '@sensorium/core/client';
import { nodesApi, type NodeValuesPush, type TreeRow } from '../api';
import { DEFAULT_ITEM_TAB, ItemPanel, type ItemTabId } from '../item/item-panel';
import { ancestorsOf } from '../tree/tree-model';
import { TreePanel } from '../tree/tree-panel';
import { useNodeTree } from '../tree/use-node-tree';
import { useNodeValues } from '../use-node-values';
import { AddItemWizard } from '../wizard/add-item-wizard';

const useStyles = makeStyles({
  page: {
    display: 'grid',
    gridTemplateColumns: 'minmax(300px, 400px) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  left: { height: 'calc(100vh - 160px)', minHeight: '420px', position: 'sticky', top: tokens.spacingVerticalM },
  right: { minWidth: 0 },
  empty: { color: tokens.colorNeutralForeground3 },
});

/** The write permission of Node Management; reads need none beyond seeing the application. */
export const NODE_MANAGEMENT_PERMISSION = 'nodemanagement';

/**
 * Node Management (spec 2.1): the application's tree on the left, the selected item's settings on the right.
 * The selection lives in the URL hash (the item uuid), so a link with a hash opens that item.
 */
const NodeManagementPage = observer(function NodeManagementPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const http = useHttp();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const appId = useParams().app_id ?? '';
  const api = useMemo(() => nodesApi(http, appId), [http, appId]);
  const { tree, error, dirty, parents, byUuid, reload, move, applyPush, updateRow } = useNodeTree(api);
  const canWrite = session.hasPermission(NODE_MANAGEMENT_PERMISSION);
  const selectedUuid = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;
  const selected = selectedUuid ? byUuid.get(selectedUuid) : undefined;
  const [tab, setTab] = useState<ItemTabId>(DEFAULT_ITEM_TAB);
  const [reveal, setReveal] = useState<{ itemName: string; seq: number } | null>(null);
  const [livePush, setLivePush] = useState<NodeValuesPush | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const revealedAtLoad = useRef(false);
  const pendingReveal = useRef<string | null>(null);
  const notFound = (error as { response?: Response } | null)?.response?.status === 404;

  // An unknown application (or one the user cannot see) answers 404: like the other application pages, go to not-found.
  useEffect(() => {
    if (notFound) void navigate(NOT_FOUND_PATH, { replace: true });
  }, [notFound, navigate]);

  useNodeValues(appId, (push) => {
    applyPush(push);
    setLivePush(push);
  });

  // A hash present at load selects that item: reveal it in the tree once the tree is there.
  useEffect(() => {
    if (!tree || revealedAtLoad.current) return;
    revealedAtLoad.current = true;
    if (selected) setReveal({ itemName: selected.itemName, seq: 1 });
  }, [tree, selected]);

  useEffect(() => {
    if (tree) performance.mark('nodes:tree-rendered');
  }, [tree]);

  const select = useCallback(
    (row: TreeRow) => {
      if (row.uuid !== selectedUuid) void navigate({ hash: row.uuid });
    },
    [navigate, selectedUuid],
  );

  const rows = useMemo(() => (tree ? [...tree.rows.values()] : []), [tree]);

  // After an add, reveal the new item when the reloaded tree has it.
  useEffect(() => {
    const name = pendingReveal.current;
    if (!name || !tree?.rows.has(name)) return;
    pendingReveal.current = null;
    setReveal((current) => ({ itemName: name, seq: (current?.seq ?? 1) + 1 }));
  }, [tree]);

  const knownTags = useMemo(() => {
    const tags = new Set<string>();
    if (tree) for (const row of tree.rows.values()) for (const tag of row.tags) tags.add(tag);
    return [...tags];
  }, [tree]);

  if (error && !tree && !notFound) return <Text>{t('nodes.page.loadFailed')}</Text>;
  if (!tree) return <Spinner label={t('nodes.page.loading')} />;

  return (
    <div className={styles.page}>
      <div className={styles.left}>
        <TreePanel
          api={api}
          tree={tree}
          parents={parents}
          dirty={dirty}
          canWrite={canWrite}
          selectedUuid={selectedUuid}
          reveal={reveal}
          move={move}
          onSaved={reload}
          onSelect={select}
          onAdd={(row) => setAdding(row.itemName)}
          onSetting={(row) => {
            setTab(2);
            select(row);
          }}
        />
      </div>
      <div className={styles.right}>
        <Title3 as="h1">{t('nodes.page.title')}</Title3>
        {selected ? (
          <ItemPanel
            key={selected.uuid}
            api={api}
            appId={appId}
            uuid={selected.uuid}
            path={ancestorsOf(tree, selected.itemName, parents)}
            canWrite={canWrite}
            tab={tab}
            onTab={setTab}
            livePush={livePush}
            knownTags={knownTags}
            items={rows}
            onItemChanged={(item) =>
              updateRow(item.itemName, {
                itemDisplayName: item.itemDisplayName,
                tags: item.geoInfo.tags ?? [],
                enable: item.enable,
                hasGps: Boolean(item.geoInfo.point || item.geoInfo.site?.geoCoordinates),
                hasFloorPlan: Boolean(item.geoInfo.floorPlan?.origin?.image),
              })
            }
            onDeleted={() => {
              void navigate({ hash: '' });
              reload();
            }}
          />
        ) : (
          <Text block className={styles.empty}>
            {t('nodes.page.selectHint')}
          </Text>
        )}
      </div>
      {adding && (
        <AddItemWizard
          appId={appId}
          parents={rows}
          parentName={adding}
          onAdded={(item) => {
            // The tree is reloaded; the new item is selected (hash) and revealed once its row is there.
            pendingReveal.current = item.itemName;
            reload();
            void navigate({ hash: item.uuid });
          }}
          onClose={() => setAdding(null)}
        />
      )}
    </div>
  );
});

export default NodeManagementPage;
