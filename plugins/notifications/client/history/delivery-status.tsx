import { Badge, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { DeliveryStatus } from '../../common/history';

const STATUS_BADGE: Record<DeliveryStatus, 'success' | 'danger' | 'warning' | 'informative' | 'subtle'> = {
  queued: 'informative',
  deferred: 'warning',
  sending: 'informative',
  sent: 'success',
  delivered: 'success',
  failed: 'danger',
  skipped: 'subtle',
  cancelled: 'subtle',
  unknown: 'warning',
};

/** Skip reasons are stored as keys; other errors are the provider's or the template's own words. */
const SKIP_REASONS = ['unsubscribed', 'channelOff', 'noAddress'];

const useStyles = makeStyles({
  status: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS },
  reason: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere', maxWidth: '240px' },
});

/** A delivery's status as a badge, with why it failed or was skipped under it (the history and the event details). */
export function DeliveryStatusCell({ status, error }: { status: DeliveryStatus; error: string | null }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <span className={styles.status}>
      <Badge appearance="tint" color={STATUS_BADGE[status]} data-testid="delivery-status">
        {t(`notifications.history.statuses.${status}`)}
      </Badge>
      {error && (
        <Caption1 className={styles.reason}>
          {SKIP_REASONS.includes(error) ? t(`notifications.history.reasons.${error}`) : error}
        </Caption1>
      )}
    </span>
  );
}
