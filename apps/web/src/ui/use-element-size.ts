import { useEffect, useRef, useState } from 'preact/hooks';

/**
 * A ref to put on an element, and its content box in whole pixels, kept current as it resizes; a
 * hidden element (no box at all) keeps the size it had, so what is drawn for it is not thrown away.
 */
export function useElementSize<T extends HTMLElement>(): [{ current: T | null }, { width: number; height: number }] {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry.contentRect.width);
      const height = Math.floor(entry.contentRect.height);
      if (width === 0 && height === 0) return;
      setSize((previous) => (previous.width === width && previous.height === height ? previous : { width, height }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size];
}
