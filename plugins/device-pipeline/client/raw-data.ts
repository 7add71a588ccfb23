/** Why a history range cannot be searched (an i18n key), or null: both ends are needed, From not after To. */
export function historyRangeProblem(from: number, to: number): string | null {
  if (!Number.isFinite(from)) return 'device-pipeline.history.fromRequired';
  if (!Number.isFinite(to)) return 'device-pipeline.history.toRequired';
  return from > to ? 'device-pipeline.history.rangeOrder' : null;
}
