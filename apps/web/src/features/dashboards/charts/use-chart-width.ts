import { useLayoutEffect, useRef, useState } from 'react';

/** Drawing width before the chart is measured (and in environments without ResizeObserver). */
export const DEFAULT_CHART_WIDTH = 640;
const MIN_CHART_WIDTH = 280;

/**
 * The width a chart is drawn at: its container's, so one SVG unit is one pixel and a chart keeps
 * its height and its 11 px labels on a wide screen instead of scaling up with the page.
 */
export function useChartWidth<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(DEFAULT_CHART_WIDTH);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const w = Math.round(el.getBoundingClientRect().width);
      if (w > 0) setWidth(Math.max(MIN_CHART_WIDTH, w));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
