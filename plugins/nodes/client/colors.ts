/** Display colours of the range colour names (field status, range swatches). */
export const STATUS_COLORS: Record<string, string> = {
  red: '#d13438',
  purple: '#8764b8',
  orange: '#ff8c00',
  yellow: '#c19c00',
  green: '#107c10',
};
