/**
 * Collects values arriving faster than the screen refreshes and hands them over once per animation frame: a thousand
 * pushes a second become at most one store action per frame, so the page re-renders once per frame, not per push.
 */
export function frameBatcher<T>(
  flush: (batch: T[]) => void,
  schedule: (run: () => void) => unknown = (run) => requestAnimationFrame(run),
): { add(value: T): void } {
  let pending: T[] = [];
  let scheduled = false;
  return {
    add(value: T) {
      pending.push(value);
      if (scheduled) return;
      scheduled = true;
      schedule(() => {
        scheduled = false;
        const batch = pending;
        pending = [];
        flush(batch);
      });
    },
  };
}
