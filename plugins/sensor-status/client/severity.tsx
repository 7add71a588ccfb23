import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { ApplicationSeveritiesToken, type SeverityScale } from '@sensorium/applications/common';
import { useService } from '@sensorium/core/client';

const useStyles = makeStyles({
  severity: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap' },
  dot: {
    width: '10px',
    height: '10px',
    borderRadius: tokens.borderRadiusCircular,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    flexShrink: 0,
  },
});

/** The application's severity levels as it names and colours them (its custom settings, else the defaults). */
export function useSeverityScale(): SeverityScale {
  return useService(ApplicationSeveritiesToken).useSeverityScale();
}

/** A severity level as a dot of its colour and its name, on `scale`. */
export function SeverityMark(props: { level: number; scale: SeverityScale }) {
  const styles = useStyles();
  const shown = props.scale.of(props.level);
  return (
    <span className={styles.severity} data-testid="sensor-severity">
      <span className={styles.dot} style={{ background: shown.background }} />
      <Text>{shown.name}</Text>
    </span>
  );
}

/** A device's severity in the current application's name and colour. */
export const SeverityLabel = observer(function SeverityLabel(props: { level: number }) {
  return <SeverityMark level={props.level} scale={useSeverityScale()} />;
});
