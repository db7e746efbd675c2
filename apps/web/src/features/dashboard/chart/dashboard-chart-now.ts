import { useEffect, useRef, useState } from 'react';

const wholeSecond = () => Math.floor(Date.now() / 1000) * 1000;

/**
 * The instant the chart's windows are read at, and part of its requests' keys. It moves when live
 * readings arrive (`liveVersion`) and when the window or place changes (`key`), but at most once per
 * `throttleMs`: readings come every second on a busy estate, and going back to a tab seen a moment
 * ago should find its data in the cache, not ask again. A bump inside the quiet time is not lost; it
 * lands when the time is up.
 */
export function useChartNow(key: string, liveVersion: number, throttleMs: number): number {
  const [state, setState] = useState(() => ({ key, at: wholeSecond() }));
  if (state.key !== key) {
    const now = wholeSecond();
    setState({ key, at: now - state.at >= throttleMs ? now : state.at });
  }
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
