import { useEffect, useRef, useState } from 'react';

const wholeSecond = () => Math.floor(Date.now() / 1000) * 1000;

/**
 * The instant the chart's windows are read at. It moves when the window or place changes (`key`)
 * and when live readings arrive (`liveVersion`), but at most once per `throttleMs`: readings come
 * every second on a busy estate, and a chart redrawn that often tells nothing more. A bump inside the
 * quiet time is not lost; it lands when the time is up.
 */
export function useChartNow(key: string, liveVersion: number, throttleMs: number): number {
  const [state, setState] = useState(() => ({ key, at: wholeSecond() }));
  if (state.key !== key) setState({ key, at: wholeSecond() });
  const seen = useRef(liveVersion);

  useEffect(() => {
    if (liveVersion === seen.current) return;
    seen.current = liveVersion;
    const wait = Math.max(0, state.at + throttleMs - Date.now());
    const timer = setTimeout(() => setState((s) => ({ ...s, at: wholeSecond() })), wait);
    return () => clearTimeout(timer);
  }, [liveVersion, throttleMs, state.at]);

  return state.at;
}
