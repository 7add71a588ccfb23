import { makeStyles, tokens } from '@fluentui/react-components';
import type { TimerMissionSettings } from '../../common';

/** What every part of the mission editor gets: the draft, a way to change it, and the messages of its part. */
export interface SectionProps {
  settings: TimerMissionSettings;
  /** Applies a change to a copy of the draft. */
  change(recipe: (draft: TimerMissionSettings) => void): void;
  readOnly: boolean;
  /** The messages of a part of the error map: `basic`, `action-{i}` or `timeslot-{i}`. */
  errors(key: string): string[];
}

export const useSectionStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
    margin: 0,
    paddingInline: 0,
    borderLeft: 'none',
    borderRight: 'none',
    borderBottom: 'none',
  },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  grow: { flexGrow: 1, minWidth: '140px', maxWidth: '100%' },
  errors: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, color: tokens.colorPaletteRedForeground1 },
});
