import { Button, Input, makeStyles, Switch, Text, tokens, Tooltip } from '@fluentui/react-components';
import { SaveRegular, SearchRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@sensorium/core/client';
import { errorMessage, type NodesApi, type TreeRow } from '../api';
import {
  ancestorsOf,
  checkMove,
  SEARCH_DEBOUNCE_MS,
  searchTree,
  toStructure,
  visibleRows,
  type DropPlacement,
  type TreeModel,
} from './tree-model';
import { VirtualTree } from './virtual-tree';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minHeight: 0, height: '100%' },
  toolbar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  search: { flexGrow: 1, minWidth: '160px' },
  tree: { flexGrow: 1, minHeight: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
});

export interface TreePanelProps {
  api: NodesApi;
  tree: TreeModel;
  parents: ReadonlyMap<string, string>;
  dirty: boolean;
  canWrite: boolean;
  selectedUuid: string | null;
  /** Item name to reveal (expand ancestors and scroll to), e.g. from the URL hash at load. */
  reveal: { itemName: string; seq: number } | null;
  move(dragged: string, target: string, placement: DropPlacement): { ok: boolean; reason?: string };
  onSaved(): void;
  onSelect(row: TreeRow): void;
  onAdd(row: TreeRow): void;
  onSetting(row: TreeRow): void;
}

/** The left panel of Node Management (spec 2.1): search, Drag toggle, Save, show-position toggle and the tree. */
export function TreePanel(props: TreePanelProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const { tree, parents } = props;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [dragEnabled, setDragEnabled] = useState(false);
  const [showPosition, setShowPosition] = useState(false);
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [saving, setSaving] = useState(false);
  const [scrollRequest, setScrollRequest] = useState<{ index: number; seq: number } | null>(null);
  const pendingScroll = useRef<string | null>(null);
  const searchStarted = useRef(0);

  // Search is debounced by 150 ms (spec 2.1, 9).
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const hits = useMemo(() => searchTree(tree, query), [tree, query]);
  const hitSet = useMemo(() => new Set(hits), [hits]);
  const firstHit = hits[0] ?? null;
  const rows = useMemo(() => visibleRows(tree, collapsed), [tree, collapsed]);

  /** Expands the ancestors of an item and scrolls to it once the rows are laid out. */
  const revealItem = (itemName: string) => {
    const ancestors = ancestorsOf(tree, itemName, parents);
    if (ancestors.some((name) => collapsed.has(name))) {
      const next = new Set(collapsed);
      for (const name of ancestors) next.delete(name);
      setCollapsed(next);
    }
    pendingScroll.current = itemName;
  };

  // A new search result scrolls to the first match (spec 2.1).
  useEffect(() => {
    if (firstHit) revealItem(firstHit);
  }, [firstHit, query]);

  useEffect(() => {
    if (props.reveal) revealItem(props.reveal.itemName);
  }, [props.reveal]);

  useEffect(() => {
    const name = pendingScroll.current;
    if (!name) return;
    const index = rows.findIndex((flat) => flat.row.itemName === name);
    if (index === -1) return;
    pendingScroll.current = null;
    setScrollRequest((current) => ({ index, seq: (current?.seq ?? 0) + 1 }));
    if (searchStarted.current && name === firstHit) {
      performance.measure('nodes:search', { start: searchStarted.current });
      searchStarted.current = 0;
    }
  }, [rows, firstHit, query, props.reveal]);

  const toggle = (name: string) => {
    const next = new Set(collapsed);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    setCollapsed(next);
  };

  const onDrop = (dragged: string, target: string, placement: DropPlacement) => {
    const result = props.move(dragged, target, placement);
    if (!result.ok && result.reason === 'depth') {
      notify({ intent: 'warning', title: t('nodes.tree.tooDeep') });
    } else if (result.ok && placement === 'inside' && collapsed.has(target)) toggle(target);
  };

  const save = async () => {
    setSaving(true);
    try {
      await props.api.saveStructure(toStructure(tree));
      notify({ intent: 'success', title: t('nodes.tree.saved'), body: t('nodes.tree.savedBody') });
      props.onSaved();
    } catch (error) {
      notify({ intent: 'error', title: t('nodes.tree.saveFailed'), body: await errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <Input
          className={styles.search}
          contentBefore={<SearchRegular />}
          placeholder={t('nodes.tree.search')}
          aria-label={t('nodes.tree.search')}
          value={typed}
          onChange={(_, data) => {
            searchStarted.current = performance.now();
            setTyped(data.value);
          }}
        />
        {query.trim() !== '' && (
          <Text size={200} className={styles.hint} aria-live="polite">
            {t('nodes.tree.matches', { count: hits.length })}
          </Text>
        )}
      </div>
      <div className={styles.toolbar}>
        <Switch
          label={dragEnabled ? t('nodes.tree.dragEnabled') : t('nodes.tree.dragDisabled')}
          checked={dragEnabled}
          disabled={!props.canWrite}
          onChange={(_, data) => setDragEnabled(data.checked)}
        />
        <Switch
          label={t('nodes.tree.showPosition')}
          checked={showPosition}
          onChange={(_, data) => setShowPosition(data.checked)}
        />
        <Tooltip content={t('nodes.tree.saveHint')} relationship="description">
          <Button
            appearance="primary"
            icon={<SaveRegular />}
            disabled={!props.canWrite || !props.dirty || saving}
            onClick={() => void save()}
          >
            {t('nodes.tree.save')}
          </Button>
        </Tooltip>
      </div>
      <div className={styles.tree}>
        <VirtualTree
          rows={rows}
          selectedUuid={props.selectedUuid}
          query={query}
          hits={hitSet}
          firstHit={firstHit}
          showPosition={showPosition}
          dragEnabled={dragEnabled}
          canWrite={props.canWrite}
          scrollRequest={scrollRequest}
          checkDrop={(dragged, target, placement) => checkMove(tree, dragged, target, placement, parents)}
          onDrop={onDrop}
          onToggle={toggle}
          onSelect={props.onSelect}
          onAdd={props.onAdd}
          onSetting={props.onSetting}
        />
      </div>
    </div>
  );
}
