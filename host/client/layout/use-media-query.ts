import { useCallback, useSyncExternalStore } from 'react';

/** Breakpoints of spec §9: the sidebar toggle is for widths up to 767 px; navigation closes it below 768 px. */
export const MOBILE_QUERY = '(max-width: 767px)';
export const CLOSE_ON_NAVIGATION_BELOW = 768;

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
