import type { SeverityColour } from './application';

/**
 * What each colour of a severity level (shell spec §3) looks like: the dot, badge or banner colour and a text colour
 * readable on it. `none` is white (shell spec §9 gives level 0 white).
 */
export const SEVERITY_COLOUR_STYLES: Readonly<Record<SeverityColour, { background: string; text: string }>> = {
  red: { background: '#d13438', text: '#ffffff' },
  orange: { background: '#f7630c', text: '#242424' },
  yellow: { background: '#f2c811', text: '#242424' },
  green: { background: '#107c10', text: '#ffffff' },
  blue: { background: '#0f6cbd', text: '#ffffff' },
  purple: { background: '#8764b8', text: '#ffffff' },
  none: { background: '#ffffff', text: '#242424' },
};
