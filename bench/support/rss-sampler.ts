/**
 * Samples this process's RSS every 10 ms from now on, after a full garbage collection (with --expose-gc). With
 * `collect`, a full collection also runs every 250 ms, so the peak shows what is really held rather than the garbage
 * V8 lets pile up. `stop()` ends the sampling and gives the RSS at the start and the peak.
 */
export function sampleRss(collect: boolean): { stop(): { before: number; peak: number } } {
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
  gc();
  const before = process.memoryUsage().rss;
  let peak = before;
  let ticks = 0;
  const sampler = setInterval(() => {
    if (collect && ++ticks % 25 === 0) gc();
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  return {
    stop() {
      clearInterval(sampler);
      return { before, peak: Math.max(peak, process.memoryUsage().rss) };
    },
  };
}
