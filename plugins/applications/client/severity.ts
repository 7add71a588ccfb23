/** Event severity colours (shell spec §9): 0 white, 1 yellow, 2 orange, 3 purple, 4 red. */
export const SEVERITY_COLOURS = ['#ffffff', '#f2c811', '#f7630c', '#8764b8', '#d13438'] as const;

export function severityColour(severity: number): string {
  return SEVERITY_COLOURS[Math.min(Math.max(Math.trunc(severity), 0), 4)] ?? SEVERITY_COLOURS[0];
}
