import { makeStyles } from '@fluentui/react-components';
import { useEditorSectionStyles } from '@sensorium/core/client';
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

const useOwnStyles = makeStyles({
  narrow: { width: '120px', maxWidth: '100%' },
});

/** The editor's section styles (core's), and a narrow field. */
export function useSectionStyles() {
  return { ...useEditorSectionStyles(), ...useOwnStyles() };
}

/** A number input's value: '' is null. */
export function numberOrNull(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}
