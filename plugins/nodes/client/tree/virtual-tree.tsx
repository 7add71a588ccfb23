import { Badge, Button, makeStyles, mergeClasses, tokens, Tooltip } from '@fluentui/react-components';
import {
  AddRegular,
  BuildingRegular,
  ChevronDownRegular,
  ChevronRightRegular,
  LocationRegular,
  PinRegular,
  SettingsRegular,
} from '@fluentui/react-icons';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutlineRow } from '../../common/tree-outline';
import {
  dropPlacement,
  ROW_BUTTONS_HIDE_MS,
  treeKeyAction,
  windowRange,
  type DropPlacement,
  type FlatRow,
  type MoveRefusal,
} from './tree-model';

export const ROW_HEIGHT = 32;
const INDENT = 18;

const useStyles = makeStyles({
  viewport: {
    position: 'relative',
    overflowY: 'auto',
    height: '100%',
    minHeight: '300px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    outline: 'none',
  },
  row: {
    position: 'absolute',
    left: 0,
    right: 0,
    height: `${ROW_HEIGHT}px`,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    paddingRight: tokens.spacingHorizontalS,
    boxSizing: 'border-box',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  selected: { backgroundColor: tokens.colorBrandBackground2, ':hover': { backgroundColor: tokens.colorBrandBackground2Hover } },
  hit: { boxShadow: `inset 3px 0 0 ${tokens.colorPaletteYellowBorderActive}` },
  disabledItem: { color: tokens.colorNeutralForegroundDisabled },
  dropBefore: { boxShadow: `inset 0 2px 0 ${tokens.colorBrandStroke1}` },
  dropAfter: { boxShadow: `inset 0 -2px 0 ${tokens.colorBrandStroke1}` },
  dropInside: { outline: `2px dashed ${tokens.colorBrandStroke1}`, outlineOffset: '-2px' },
  toggle: { minWidth: '24px', width: '24px', height: '24px', padding: 0 },
  spacer: { width: '24px', flexShrink: 0 },
  position: { color: tokens.colorNeutralForeground3, fontVariantNumeric: 'tabular-nums' },
  name: { overflow: 'hidden', textOverflow: 'ellipsis' },
  display: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis' },
  icon: { color: tokens.colorNeutralForeground3, flexShrink: 0 },
  mark: { backgroundColor: tokens.colorPaletteYellowBackground2, color: 'inherit', padding: 0 },
  buttons: { marginLeft: 'auto', display: 'flex', gap: tokens.spacingHorizontalXXS },
  severity: { width: '8px', height: '8px', borderRadius: '50%', flexShrink: 0 },
});

const SEVERITY_COLORS = ['transparent', '#fde300', '#ff8c00', '#8764b8', '#d13438'];

/** The text with every case-insensitive occurrence of the query marked. */
export function Highlight({ text, query, className }: { text: string; query: string; className: string }): ReactNode {
  const needle = query.trim().toLowerCase();
  if (!needle) return text;
  const lower = text.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(
      <mark key={at} className={className}>
        {text.slice(at, at + needle.length)}
      </mark>,
    );
    from = at + needle.length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}

export interface VirtualTreeProps {
  rows: FlatRow[];
  selectedUuid: string | null;
  query: string;
  hits: ReadonlySet<string>;
  firstHit: string | null;
  showPosition: boolean;
  dragEnabled: boolean;
  canWrite: boolean;
  /** Index to bring into view; changes of `scrollRequest.seq` trigger the scroll. */
  scrollRequest: { index: number; seq: number } | null;
  checkDrop(dragged: string, target: string, placement: DropPlacement): MoveRefusal | null;
  onDrop(dragged: string, target: string, placement: DropPlacement): void;
  onToggle(itemName: string): void;
  onSelect(row: OutlineRow): void;
  onAdd(row: OutlineRow): void;
  onSetting(row: OutlineRow): void;
}

/**
 * The node tree as a virtualised flat list (spec 2.1): fixed row height, only the rows in view (plus a few) are in the
 * DOM, so 10,000 items open, scroll and search smoothly. Rows indent by depth and expand / collapse; with drag enabled
 * rows can be dropped before, after or inside another row.
 */
export function VirtualTree(props: VirtualTreeProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  const dragged = useRef<string | null>(null);
  const [drop, setDrop] = useState<{ name: string; placement: DropPlacement } | null>(null);
  const [buttonsFor, setButtonsFor] = useState<string | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element) return;
    setHeight(element.clientHeight);
    // Hidden (display: none, the narrow page showing an item) the list loses its scroll position without a scroll
    // event: shown again, the rows follow where it really is.
    const observer = new ResizeObserver(() => {
      setHeight(element.clientHeight);
      setScrollTop(element.scrollTop);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element || !props.scrollRequest) return;
    const { index } = props.scrollRequest;
    const top = index * ROW_HEIGHT;
    if (top < element.scrollTop || top + ROW_HEIGHT > element.scrollTop + element.clientHeight) {
      element.scrollTop = Math.max(0, top - element.clientHeight / 2 + ROW_HEIGHT / 2);
      setScrollTop(element.scrollTop);
    }
  }, [props.scrollRequest]);

  useEffect(() => () => void (hideTimer.current && clearTimeout(hideTimer.current)), []);

  /** Shows a row's Add / Setting buttons; they hide again after 5 s. */
  const showButtons = useCallback((name: string) => {
    setButtonsFor(name);
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setButtonsFor(null), ROW_BUTTONS_HIDE_MS);
  }, []);

  const selectedIndex = props.selectedUuid ? props.rows.findIndex((flat) => flat.row.uuid === props.selectedUuid) : -1;

  /** Keeps a row reached by the keyboard in view. */
  const scrollIntoView = (index: number) => {
    const element = viewport.current;
    if (!element) return;
    const top = index * ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight)
      element.scrollTop = top + ROW_HEIGHT - element.clientHeight;
    setScrollTop(element.scrollTop);
  };

  const { start, end } = windowRange(scrollTop, height, ROW_HEIGHT, props.rows.length);
  const visible = props.rows.slice(start, end);

  const onDragOver = (event: DragEvent<HTMLDivElement>, name: string) => {
    const from = dragged.current;
    if (!from) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const placement = dropPlacement(event.clientY - rect.top, ROW_HEIGHT);
    // Auto-scroll near the edges of the viewport.
    const element = viewport.current;
    if (element) {
      const box = element.getBoundingClientRect();
      if (event.clientY - box.top < ROW_HEIGHT) element.scrollTop -= ROW_HEIGHT / 2;
      else if (box.bottom - event.clientY < ROW_HEIGHT) element.scrollTop += ROW_HEIGHT / 2;
    }
    if (props.checkDrop(from, name, placement) === null) {
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (drop?.name !== name || drop.placement !== placement) setDrop({ name, placement });
    } else if (drop) setDrop(null);
  };

  return (
    <div
      ref={viewport}
      className={styles.viewport}
      role="tree"
      aria-label={t('nodes.tree.label')}
      data-testid="node-tree"
      tabIndex={0}
      aria-activedescendant={selectedIndex >= 0 ? `tree-row-${props.rows[selectedIndex]!.row.uuid}` : undefined}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget) return;
        const action = treeKeyAction(props.rows, selectedIndex, event.key);
        if (!action) {
          if (event.key === 'Enter' && selectedIndex >= 0) props.onSetting(props.rows[selectedIndex]!.row);
          return;
        }
        event.preventDefault();
        if ('toggle' in action) props.onToggle(action.toggle);
        else {
          const row = props.rows[action.select];
          if (!row) return;
          props.onSelect(row.row);
          scrollIntoView(action.select);
        }
      }}
    >
      <div style={{ height: props.rows.length * ROW_HEIGHT, position: 'relative' }}>
        {visible.map((flat, offset) => (
          <TreeLine
            key={flat.row.uuid}
            flat={flat}
            top={(start + offset) * ROW_HEIGHT}
            styles={styles}
            selected={flat.row.uuid === props.selectedUuid}
            hit={props.hits.has(flat.row.itemName)}
            firstHit={props.firstHit === flat.row.itemName}
            query={props.query}
            showPosition={props.showPosition}
            draggable={props.dragEnabled && props.canWrite && flat.depth > 0}
            drop={drop?.name === flat.row.itemName ? drop.placement : null}
            buttons={buttonsFor === flat.row.itemName}
            canWrite={props.canWrite}
            onShowButtons={showButtons}
            onToggle={props.onToggle}
            onSelect={props.onSelect}
            onAdd={props.onAdd}
            onSetting={props.onSetting}
            onDragStart={(event) => {
              dragged.current = flat.row.itemName;
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', flat.row.itemName);
            }}
            onDragEnd={() => {
              dragged.current = null;
              setDrop(null);
            }}
            onDragOver={(event) => onDragOver(event, flat.row.itemName)}
            onDrop={(event) => {
              event.preventDefault();
              const from = dragged.current;
              const rect = event.currentTarget.getBoundingClientRect();
              const placement = dropPlacement(event.clientY - rect.top, ROW_HEIGHT);
              dragged.current = null;
              setDrop(null);
              if (from) props.onDrop(from, flat.row.itemName, placement);
            }}
            t={t}
          />
        ))}
      </div>
    </div>
  );
}

interface TreeLineProps {
  flat: FlatRow;
  top: number;
  styles: ReturnType<typeof useStyles>;
  selected: boolean;
  hit: boolean;
  firstHit: boolean;
  query: string;
  showPosition: boolean;
  draggable: boolean;
  drop: DropPlacement | null;
  buttons: boolean;
  canWrite: boolean;
  onShowButtons(name: string): void;
  onToggle(name: string): void;
  onSelect(row: OutlineRow): void;
  onAdd(row: OutlineRow): void;
  onSetting(row: OutlineRow): void;
  onDragStart(event: DragEvent<HTMLDivElement>): void;
  onDragEnd(): void;
  onDragOver(event: DragEvent<HTMLDivElement>): void;
  onDrop(event: DragEvent<HTMLDivElement>): void;
  t: (key: string, options?: Record<string, unknown>) => string;
}

const TreeLine = memo(function TreeLine(props: TreeLineProps) {
  const { flat, styles, t } = props;
  const { row } = flat;
  const showDisplay = row.itemDisplayName !== '' && row.itemDisplayName !== row.itemName;
  return (
    <div
      role="treeitem"
      id={`tree-row-${row.uuid}`}
      aria-level={flat.depth + 1}
      aria-selected={props.selected}
      aria-expanded={flat.hasChildren ? flat.expanded : undefined}
      aria-label={row.itemName}
      data-item-name={row.itemName}
      data-search-hit={props.firstHit ? 'first' : props.hit ? 'yes' : undefined}
      className={mergeClasses(
        styles.row,
        props.selected && styles.selected,
        props.hit && styles.hit,
        !row.enable && styles.disabledItem,
        props.drop === 'before' && styles.dropBefore,
        props.drop === 'after' && styles.dropAfter,
        props.drop === 'inside' && styles.dropInside,
      )}
      style={{ top: props.top, paddingLeft: flat.depth * INDENT + 4 }}
      draggable={props.draggable}
      onDragStart={props.onDragStart}
      onDragEnd={props.onDragEnd}
      onDragOver={props.onDragOver}
      onDrop={props.onDrop}
      onMouseEnter={() => props.onShowButtons(row.itemName)}
      onTouchStart={() => props.onShowButtons(row.itemName)}
      onClick={() => props.onSelect(row)}
    >
      {flat.hasChildren ? (
        <Button
          className={styles.toggle}
          appearance="transparent"
          size="small"
          aria-label={flat.expanded ? t('nodes.tree.collapse') : t('nodes.tree.expand')}
          icon={flat.expanded ? <ChevronDownRegular /> : <ChevronRightRegular />}
          onClick={(event) => {
            event.stopPropagation();
            props.onToggle(row.itemName);
          }}
        />
      ) : (
        <span className={styles.spacer} />
      )}
      <span
        className={styles.severity}
        style={{ backgroundColor: SEVERITY_COLORS[Math.max(row.severity, row.eventSeverity)] ?? 'transparent' }}
      />
      {props.showPosition && <span className={styles.position}>{flat.position}.</span>}
      <span className={styles.name}>
        <Highlight text={row.itemName} query={props.query} className={styles.mark} />
      </span>
      {showDisplay && (
        <span className={styles.display}>
          (<Highlight text={row.itemDisplayName} query={props.query} className={styles.mark} />)
        </span>
      )}
      {row.hasGps && <LocationRegular className={styles.icon} aria-label={t('nodes.tree.gps')} role="img" />}
      {row.hasFloorPlan && <BuildingRegular className={styles.icon} aria-label={t('nodes.tree.floorPlan')} role="img" />}
      {row.hasPin && <PinRegular className={styles.icon} aria-label={t('nodes.tree.pin')} role="img" />}
      {row.tags.length > 0 && (
        <Tooltip content={row.tags.join(', ')} relationship="description">
          <Badge size="small" appearance="tint" color="informative" aria-label={t('nodes.tree.tags', { count: row.tags.length })}>
            {row.tags.length}
          </Badge>
        </Tooltip>
      )}
      {props.buttons && (
        <span className={styles.buttons}>
          <Button
            size="small"
            appearance="subtle"
            icon={<AddRegular />}
            aria-label={t('nodes.tree.add')}
            title={t('nodes.tree.add')}
            disabled={!props.canWrite}
            onClick={(event) => {
              event.stopPropagation();
              props.onAdd(row);
            }}
          />
          <Button
            size="small"
            appearance="subtle"
            icon={<SettingsRegular />}
            aria-label={t('nodes.tree.setting')}
            title={t('nodes.tree.setting')}
            onClick={(event) => {
              event.stopPropagation();
              props.onSetting(row);
            }}
          />
        </span>
      )}
    </div>
  );
});
