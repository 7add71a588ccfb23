import { makeStyles, tokens } from '@fluentui/react-components';
import type { EventRuleSettings } from '../../common';

/** What every part of the rule editor gets: the draft, a way to change it, and the server's message per field. */
export interface SectionProps {
  settings: EventRuleSettings;
  /** Applies a change to a copy of the draft. */
  change(recipe: (draft: EventRuleSettings) => void): void;
  readOnly: boolean;
  /** The last failed save's message for a field path such as `conditions.field`. */
  error(field: string): string | undefined;
}

export const useSectionStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  grow: { flexGrow: 1, minWidth: '140px' },
  narrow: { width: '120px', maxWidth: '100%' },
});

/** A number input's value: '' is null. */
export function numberOrNull(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}
