import { useEffect } from 'react';
import { COUNTDOWN_TICK_MS } from '../lib/countdown';

/** Calls `tick` once a second while `running` (a countdown is under way). */
export function useTicker(running: boolean, tick: () => void): void {
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(tick, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [running, tick]);
}
