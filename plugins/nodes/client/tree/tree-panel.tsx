import { Button, Input, makeStyles, Switch, Text, tokens, Tooltip } from '@fluentui/react-components';
import { SaveRegular, SearchRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@sensorium/core/client';
import type { OutlineRow } from '../../common/tree-outline';
import type { NodesStoreInstance } from '../store/nodes-store';
import { SEARCH_DEBOUNCE_MS, type DropPlacement } from './tree-model';
import { VirtualTree } from './virtual-tree';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minHeight: 0, height: '100%' },
  toolbar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  search: { flexGrow: 1, minWidth: '160px' },
  tree: { flexGrow: 1, minHeight: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
});

export interface TreePanelProps {
  store: NodesStoreInstance;
  canWrite: boolean;
  selectedUuid: string | null;
  onSelect(row: OutlineRow): void;
  onAdd(row: OutlineRow): void;
  onSetting(row: OutlineRow): void;
}

/** The left panel of Node Management (spec 2.1): search, Drag toggle, Save, show-position toggle and the tree. */
export const TreePanel = observer(function TreePanel(props: TreePanelProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const { store } = props;
  const { tree } = store;
  const [dragEnabled, setDragEnabled] = useState(false);
  const [showPosition, setShowPosition] = useState(false);
  const [typed, setTyped] = useState(tree.query);
  const searchStarted = useRef(0);

  // Search is debounced by 150 ms (spec 2.1, 9); a new search scrolls to its first match.
  useEffect(() => {
    if (typed === tree.query) return;
    const timer = setTimeout(() => tree.search(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, tree]);

  const { scrollRequest, hits } = tree;
  const firstHit = hits[0] ?? null;
  // The search's time, from the key press to the scroll to its first match (bench/node-tree.ts reads it).
  useEffect(() => {
    if (!searchStarted.current || !scrollRequest || !firstHit) return;
    performance.measure('nodes:search', { start: searchStarted.current });
    searchStarted.current = 0;
  }, [scrollRequest, firstHit]);

  const onDrop = (dragged: string, target: string, placement: DropPlacement) => {
    const result = tree.move(dragged, target, placement);
    if (!result.ok && result.reason === 'depth') notify({ intent: 'warning', title: t('nodes.tree.tooDeep') });
  };

  const save = async () => {
    const outcome = await store.saveStructure();
    if (outcome.ok) notify({ intent: 'success', title: t('nodes.tree.saved'), body: t('nodes.tree.savedBody') });
    else notify({ intent: 'error', title: t('nodes.tree.saveFailed'), body: outcome.failure.message ?? undefined });
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
        {tree.query.trim() !== '' && (
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
            disabled={!props.canWrite || !tree.dirty || tree.saving.pending}
            onClick={() => void save()}
          >
            {t('nodes.tree.save')}
          </Button>
        </Tooltip>
      </div>
      <div className={styles.tree}>
        <VirtualTree
          rows={tree.visible}
          selectedUuid={props.selectedUuid}
          query={tree.query}
          hits={tree.hitSet}
          firstHit={firstHit}
          showPosition={showPosition}
          dragEnabled={dragEnabled}
          canWrite={props.canWrite}
          scrollRequest={scrollRequest}
          checkDrop={(dragged, target, placement) => tree.checkDrop(dragged, target, placement)}
          onDrop={onDrop}
          onToggle={(name) => tree.toggle(name)}
          onSelect={props.onSelect}
          onAdd={props.onAdd}
          onSetting={props.onSetting}
        />
      </div>
    </div>
  );
});
