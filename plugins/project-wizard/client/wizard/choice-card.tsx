import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalM,
    textAlign: 'start',
    cursor: 'pointer',
    font: 'inherit',
    color: tokens.colorNeutralForeground1,
    background: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    minWidth: 0,
    ':hover': { border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandStroke1}`, boxShadow: tokens.shadow8 },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  selected: { border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}` },
  title: { fontWeight: tokens.fontWeightSemibold },
  text: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
});

/** A card the user picks by clicking (the start options, the templates): a button, so keyboards and readers reach it. */
export function ChoiceCard(props: {
  title: string;
  description: string;
  media?: ReactNode;
  selected?: boolean;
  testId?: string;
  onPick(): void;
}) {
  const styles = useStyles();
  return (
    <button
      type="button"
      className={mergeClasses(styles.card, props.selected && styles.selected)}
      aria-pressed={props.selected}
      data-testid={props.testId}
      onClick={props.onPick}
    >
      {props.media}
      <Text className={styles.title}>{props.title}</Text>
      <Text size={200} className={styles.text}>
        {props.description}
      </Text>
    </button>
  );
}
