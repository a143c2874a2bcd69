import { useLayoutEffect, useRef } from 'react';

/**
 * Each tab keeps its own scroll position in the shared scrolling element: positions are recorded
 * per active path and restored when a tab becomes active again. Returns the ref for that element.
 */
export function useScrollMemory(activePath: string) {
  const scroller = useRef<HTMLDivElement>(null);
  const positions = useRef(new Map<string, number>());
  const active = useRef(activePath);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    const remember = () => positions.current.set(active.current, element.scrollTop);
    element.addEventListener('scroll', remember, { passive: true });
    return () => element.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    active.current = activePath;
    const element = scroller.current;
    if (element) element.scrollTop = positions.current.get(activePath) ?? 0;
  }, [activePath]);

  return scroller;
}
