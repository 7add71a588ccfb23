import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS } from '../lib/countdown';

/** Seconds left, counted down once a second and stopping at 0; `restart(seconds)` starts over. */
export function useCountdown(initial = 0): [number, (seconds: number) => void] {
  const [seconds, setSeconds] = useState(initial);
  const running = seconds > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setSeconds((left) => Math.max(0, left - 1)), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  return [seconds, setSeconds];
}
