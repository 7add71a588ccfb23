import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEditorSectionStyles } from '@sensorium/core/client';
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

// A section may be a fieldset (a slot, an action): without its own margin, padding and frame.
const useOwnStyles = makeStyles({
  section: {
    margin: 0,
    paddingInline: 0,
    borderLeft: 'none',
    borderRight: 'none',
    borderBottom: 'none',
  },
  grow: { maxWidth: '100%' },
  errors: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, color: tokens.colorPaletteRedForeground1 },
});

/** The editor's section styles (core's), and the list of a part's error messages. */
export function useSectionStyles() {
  const shared = useEditorSectionStyles();
  const own = useOwnStyles();
  return {
    section: mergeClasses(shared.section, own.section),
    row: shared.row,
    grow: mergeClasses(shared.grow, own.grow),
    errors: own.errors,
  };
}
