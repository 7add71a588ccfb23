import { Button, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { DeleteRegular, SettingsRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetInstance } from '../models';
import type { DashboardsStoreInstance } from '../store';
import { useInView } from '../use-in-view';
import { WIDGET_BODIES } from '../widgets/widget-body';

const useStyles = makeStyles({
  frame: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    overflow: 'hidden',
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minHeight: '24px' },
  title: { flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  body: { flexGrow: 1, minHeight: 0, overflow: 'auto' },
});

export interface WidgetFrameProps {
  widget: WidgetInstance;
  store: DashboardsStoreInstance;
  colours: { panel?: string; font?: string };
  onConfigure(id: string): void;
}

/**
 * A widget's panel: its title, in edit mode its configure and remove buttons (the panel is the drag handle), and its
 * body, drawn only while the panel is on screen.
 */
export const WidgetFrame = observer(function WidgetFrame({ widget, store, colours, onConfigure }: WidgetFrameProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const box = useRef<HTMLElement>(null);
  const inView = useInView(box);
  const Body = WIDGET_BODIES[widget.type];
  const title = widget.title || t(`dashboards.widget.types.${widget.type}`);
  return (
    <section
      ref={box}
      className={styles.frame}
      aria-label={title}
      data-testid="dashboard-widget"
      style={{ background: colours.panel ?? tokens.colorNeutralBackground1, color: colours.font }}
    >
      <div className={styles.head}>
        <Subtitle2 as="h2" className={styles.title}>
          {title}
        </Subtitle2>
        {store.editing && (
          <>
            <Button
              size="small"
              appearance="subtle"
              icon={<SettingsRegular />}
              aria-label={t('dashboards.widget.configure', { title })}
              onClick={() => onConfigure(widget.id)}
            />
            <Button
              size="small"
              appearance="subtle"
              icon={<DeleteRegular />}
              aria-label={t('dashboards.widget.remove', { title })}
              onClick={() => store.removeWidget(widget.id)}
            />
          </>
        )}
      </div>
      <div className={styles.body}>{inView && <Body widget={widget} store={store} />}</div>
    </section>
  );
});
