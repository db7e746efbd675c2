import type uPlot from 'uplot';
import type { LiveOptions } from './chart-options';

const DAY_S = 86_400;

/** "25 Nov 2026, 14:05" in the zone, or "25 Nov 2026" when points are whole days. */
export function tooltipTime(seconds: number, timeZone: string, withTime: boolean): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
  }).format(new Date(seconds * 1000));
}

function row(color: string, dashed: boolean, label: string, value: string) {
  const line = document.createElement('div');
  line.className = 'gp-chart-tip-row';
  const swatch = document.createElement('span');
  swatch.className = 'gp-chart-tip-swatch';
  swatch.style.borderTop = `2px ${dashed ? 'dashed' : 'solid'} ${color}`;
  const name = document.createElement('span');
  name.textContent = label;
  const figure = document.createElement('strong');
  figure.textContent = value;
  line.append(swatch, name, figure);
  return line;
}

/**
 * A crosshair tooltip: the bucket's time in the viewer's zone and each shown series' exact value
 * with its unit. Built with textContent only (labels come from data), kept inside the plot area.
 */
export function tooltipPlugin(opts: { timeZone: string; live: LiveOptions }): uPlot.Plugin {
  const tip = document.createElement('div');
  tip.className = 'gp-chart-tip';
  tip.setAttribute('role', 'status');
  tip.style.display = 'none';
  let wholeDays = false;

  const update = (u: uPlot) => {
    const { idx, left, top } = u.cursor;
    const x = idx == null ? undefined : u.data[0][idx];
    if (idx == null || x == null || left == null || left < 0 || top == null) {
      tip.style.display = 'none';
      return;
    }
    const { formatValue, unit, series } = opts.live.current;
    const rows = series.flatMap((spec, i) => {
      const s = u.series[i + 1];
      const value = u.data[i + 1]?.[idx];
      if (!s?.show || value == null) return [];
      const color = typeof s.stroke === 'function' ? String(s.stroke(u, i + 1)) : String(s.stroke ?? '');
      return [row(color, Boolean(spec.dashed), spec.label, `${formatValue(value)} ${unit}`)];
    });
    if (rows.length === 0) {
      tip.style.display = 'none';
      return;
    }
    const time = document.createElement('div');
    time.className = 'gp-chart-tip-time';
    time.textContent = tooltipTime(x, opts.timeZone, !wholeDays);
    tip.replaceChildren(time, ...rows);
    tip.style.display = 'block';
    // Beside the cursor, on whichever side has room; never past the chart's own edges (a phone's
    // plot is narrower than two tooltips), the value axis' strip included.
    const width = u.over.clientWidth;
    const tipWidth = tip.offsetWidth;
    const right = left + 12;
    const place = right + tipWidth <= width ? right : left - 12 - tipWidth;
    tip.style.left = `${Math.max(-u.over.offsetLeft, Math.min(place, width - tipWidth))}px`;
    tip.style.top = `${Math.max(0, Math.min(top, u.over.clientHeight - tip.offsetHeight))}px`;
  };

  return {
    hooks: {
      init: (u) => {
        u.over.appendChild(tip);
        u.over.addEventListener('mouseleave', () => {
          tip.style.display = 'none';
        });
      },
      setData: (u) => {
        const xs = u.data[0];
        const steps = xs.slice(1, 12).map((x, i) => x - (xs[i] ?? x));
        wholeDays = steps.length > 0 && steps.every((s) => s >= DAY_S - 3600);
      },
      setCursor: update,
    },
  };
}
