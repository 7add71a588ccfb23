import 'react-grid-layout/css/styles.css';
import { makeStyles, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { GridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import { DASHBOARD_GRID_COLUMNS } from '../../common';
import type { DashboardsStoreInstance } from '../store';
import { ROW_HEIGHT } from '../widget-defaults';
import { WidgetFrame } from './widget-frame';

/** Below this width the widgets stack in one column, in grid order (a phone at 375 px). */
export const STACK_BELOW_PX = 640;

const useStyles = makeStyles({
  box: { width: '100%', minWidth: 0, overflowX: 'hidden' },
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface DashboardGridProps {
  store: DashboardsStoreInstance;
  colours: { panel?: string; font?: string };
  onConfigure(id: string): void;
}

/**
 * The dashboard's widgets on react-grid-layout's 12 columns (moved and resized in edit mode), or stacked in grid order
 * on a narrow screen.
 */
export const DashboardGrid = observer(function DashboardGrid({ store, colours, onConfigure }: DashboardGridProps) {
  const styles = useStyles();
  const { width, containerRef, mounted } = useContainerWidth();
  // The measured box is there from the first render, dashboard or not: the hook measures its box once, on mount.
  const widgets = [...(store.shown?.widgets ?? [])];
  const frame = (widget: (typeof widgets)[number]) => (
    <WidgetFrame widget={widget} store={store} colours={colours} onConfigure={onConfigure} />
  );
  const layout: Layout = widgets.map((widget) => ({ i: widget.id, ...widget.position }));
  const stacked = width < STACK_BELOW_PX;
  return (
    <div ref={containerRef} className={styles.box}>
      {mounted && stacked && (
        <div className={styles.stack}>
          {widgets
            .sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x)
            .map((widget) => (
              <div key={widget.id} style={{ height: widget.position.h * ROW_HEIGHT }}>
                {frame(widget)}
              </div>
            ))}
        </div>
      )}
      {mounted && !stacked && (
        <GridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: DASHBOARD_GRID_COLUMNS, rowHeight: ROW_HEIGHT, margin: [12, 12] }}
          dragConfig={{ enabled: store.editing, cancel: 'button,input,.leaflet-container' }}
          resizeConfig={{ enabled: store.editing }}
          onLayoutChange={(next) => {
            if (store.editing) store.applyLayout(next);
          }}
        >
          {widgets.map((widget) => (
            <div key={widget.id}>{frame(widget)}</div>
          ))}
        </GridLayout>
      )}
    </div>
  );
});
