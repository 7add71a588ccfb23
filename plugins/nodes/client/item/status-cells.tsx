import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { asLanguage, formatDateTime, relativeTime } from '../format';

const useStyles = makeStyles({
  label: { color: tokens.colorNeutralForeground3 },
  lines: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  warning: { color: tokens.colorPaletteDarkOrangeForeground1 },
  error: { color: tokens.colorPaletteRedForeground1, overflowWrap: 'anywhere' },
});

/** One line of StatusCells; `field` names the item's field it is about. */
export interface StatusLine {
  key: string;
  text: string;
  field?: string;
}

/**
 * Two cells of the Settings tab's grid about a problem of the item's data: the label, and its lines coloured by how
 * bad it is (a warning: readings discarded; an error: the source failed).
 */
export function StatusCells(props: { label: string; tone: 'warning' | 'error'; testId: string; lines: StatusLine[] }) {
  const styles = useStyles();
  return (
    <>
      <Text className={styles.label}>{props.label}</Text>
      <div className={styles.lines} data-testid={props.testId}>
        {props.lines.map((line) => (
          <Text key={line.key} className={styles[props.tone]} data-field={line.field}>
            {line.text}
          </Text>
        ))}
      </div>
    </>
  );
}

/** When a problem was seen: the date and time, and how long ago in the user's language. */
export function statusTime(at: string, language: string, now: number): string {
  return `${formatDateTime(at)} (${relativeTime(at, asLanguage(language), now)})`;
}
