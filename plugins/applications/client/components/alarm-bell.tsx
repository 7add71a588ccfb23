import { Button, CounterBadge, makeStyles, Tooltip } from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { appIdFromPath, usePush } from '@sensorium/core/client';
import { PUSH_TOPICS } from '@sensorium/core/common';
import { severityPresentation } from '../../common';
import { useApplications } from '../use-applications';

const useStyles = makeStyles({
  // Icon-only (a label would widen the button and leave the badge far from the bell); the badge may reach its edge.
  bell: { color: 'inherit', flexShrink: 0, overflow: 'visible' },
  // The badge is placed on the icon's top right corner, not on the button's, whatever the button's padding.
  icon: { position: 'relative', display: 'inline-flex' },
  blinking: {
    animationName: { '0%': { opacity: 1 }, '50%': { opacity: 0.35 }, '100%': { opacity: 1 } },
    animationDuration: '1.2s',
    animationIterationCount: 'infinite',
  },
  badge: { position: 'absolute', top: '-5px', right: '-6px' },
});

/**
 * The blinking alarm bell (shell spec §2.2): for the current application, the summed event count and highest severity;
 * refreshed by the system-event-update and system-event-refresh pushes.
 */
export const AlarmBell = observer(function AlarmBell() {
  const { t } = useTranslation();
  const styles = useStyles();
  const store = useApplications();
  const location = useLocation();
  const navigate = useNavigate();
  usePush(PUSH_TOPICS.systemEventUpdate, () => void store.loadSummary());
  usePush(PUSH_TOPICS.systemEventRefresh, () => void store.loadSummary());
  const appId = appIdFromPath(location.pathname);
  if (appId === null) return null;
  const { count, severity } = store.eventsOf(appId);
  const label = t('applications.bell.label', { count });
  return (
    <Tooltip content={label} relationship="label">
      <Button
        appearance="subtle"
        className={styles.bell}
        icon={
          <span className={styles.icon}>
            <AlertRegular
              className={count > 0 ? styles.blinking : undefined}
              style={{ color: count > 0 ? severityPresentation(store.find(appId)?.setting, severity, t).background : undefined }}
            />
            {count > 0 && <CounterBadge className={styles.badge} count={count} size="small" color="danger" />}
          </span>
        }
        onClick={() => navigate(`/app/${encodeURIComponent(appId)}/event-view`)}
      />
    </Tooltip>
  );
});
