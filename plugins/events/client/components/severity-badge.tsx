import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import type { SeverityScale } from '@sensorium/applications/common';
import { useSeverityScale } from '../use-severity-scale';

const useStyles = makeStyles({
  badge: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap' },
  dot: {
    width: '12px',
    height: '12px',
    flexShrink: 0,
    borderRadius: '50%',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
  },
});

export interface SeverityBadgeProps {
  severity: number;
  /** Acknowledged or cleared: shown in severity 0's colour, as the public viewer does (accounts §4). */
  settled?: boolean;
}

/** An event's severity as its application names and colours it, on `scale`. */
export function SeverityMark({ severity, settled, scale }: SeverityBadgeProps & { scale: SeverityScale }) {
  const styles = useStyles();
  const shown = scale.of(severity);
  return (
    <span className={styles.badge} data-severity={shown.level}>
      <span className={styles.dot} style={{ background: scale.of(settled ? 0 : severity).background }} aria-hidden="true" />
      <Text size={200}>{shown.name}</Text>
    </span>
  );
}

/** An event's severity in the current application's own name and colour (shell spec §3), else the defaults. */
export const SeverityBadge = observer(function SeverityBadge(props: SeverityBadgeProps) {
  return <SeverityMark {...props} scale={useSeverityScale()} />;
});
