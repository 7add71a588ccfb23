import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element is on screen (with a margin of half a screen), by IntersectionObserver: widgets outside the
 * viewport render nothing, so a 50-widget dashboard pays only for the widgets one sees.
 */
export function useInView(ref: RefObject<Element | null>): boolean {
  // Without IntersectionObserver (an old browser) every widget renders.
  const observable = typeof IntersectionObserver !== 'undefined';
  const [inView, setInView] = useState(!observable);
  useEffect(() => {
    const element = ref.current;
    if (!element || !observable) return;
    const observer = new IntersectionObserver((entries) => setInView(entries.some((entry) => entry.isIntersecting)), {
      rootMargin: '50% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, observable]);
  return inView;
}
