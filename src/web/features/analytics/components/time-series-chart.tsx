import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { TableIcon, LineChartIcon } from 'lucide-react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { Button } from '@/components/ui/button';
import { formatDay, formatNumber } from '../lib/format';
import { niceMax } from '../lib/scale';

export interface ChartSeries {
  label: string;
  values: number[];
  /** A CSS colour, e.g. 'var(--chart-1)'; every series also has its own dash pattern, so colour is never the only cue. */
  color: string;
  dash?: string;
}

const HEIGHT = 220;

/** A theme variable ('var(--chart-1)') as the colour it stands for now: the canvas cannot resolve var(). */
function resolveColor(value: string): string {
  const name = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
  return name ? getComputedStyle(document.documentElement).getPropertyValue(name).trim() || value : value;
}

/** Bumps when the theme class on <html> changes, so the chart redraws in the new colours. */
function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const observer = new MutationObserver(() => setVersion((v) => v + 1));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return version;
}

/**
 * A daily time series drawn by uPlot. Accessible around it: the chart is one keyboard
 * stop whose arrow keys (Home/End, PageUp/PageDown by a week) move uPlot's cursor and a tooltip
 * from day to day and announce the day in a live region; pointers move the same cursor; and a
 * toggle shows the same figures as a table with a caption and headers, which screen readers read
 * as any table. Colours come from the theme's --chart-* variables (redrawn when the theme
 * changes), and each series has its own dash pattern, so colour is never the only cue.
 */
export function TimeSeriesChart({ title, dates, series }: { title: string; dates: string[]; series: ChartSeries[] }) {
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const count = dates.length;
  const holder = useRef<HTMLDivElement>(null);
  const plot = useRef<{ chart: uPlot; xs: number[] } | null>(null);
  const theme = useThemeVersion();

  useEffect(() => {
    const element = holder.current;
    if (asTable || !element) return;
    const xs = dates.map((date) => Date.parse(`${date}T00:00:00Z`) / 1000);
    const axis = resolveColor('var(--muted-foreground)');
    const grid = resolveColor('var(--border)');
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height: HEIGHT,
        legend: { show: false },
        // Days are UTC days: label them so, whatever the reader's time zone.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        cursor: { y: false, drag: { x: false, y: false }, points: { size: 8 } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, niceMax(max)] } },
        axes: [
          { stroke: axis, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } },
          { stroke: axis, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, size: 48 },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: resolveColor(s.color),
            width: 2,
            dash: s.dash?.split(' ').map(Number),
            points: { show: count <= 1 },
          })),
        ],
        hooks: { setCursor: [(u: uPlot) => setActive(u.cursor.idx ?? null)] },
      },
      [xs, ...series.map((s) => s.values)],
      element,
    );
    plot.current = { chart, xs };
    let frame = 0;
    const resize = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (element.clientWidth && Math.round(element.clientWidth) !== chart.width) chart.setSize({ width: element.clientWidth, height: HEIGHT });
      });
    });
    resize.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [asTable, dates, series, count, theme]);

  const describe = (i: number) => `${formatDay(dates[i]!)}: ${series.map((s) => `${s.label} ${formatNumber(s.values[i] ?? 0)}`).join(', ')}`;
  const totals = series.map((s) => `${s.label} ${formatNumber(s.values.reduce((a, b) => a + b, 0))}`).join(', ');
  const summary = count ? `${title}, ${formatDay(dates[0]!)} to ${formatDay(dates[count - 1]!)}. Totals: ${totals}.` : `${title}: no days.`;

  /** Moves uPlot's cursor to a day (its setCursor hook updates the tooltip and the readout). */
  const move = (i: number) => {
    const day = Math.min(count - 1, Math.max(0, i));
    const current = plot.current;
    if (!current) return setActive(day);
    const { chart, xs } = current;
    chart.setCursor({ left: chart.valToPos(xs[day]!, 'x'), top: chart.valToPos(series[0]?.values[day] ?? 0, 'y') });
    setActive(day);
  };
  const hide = () => {
    plot.current?.chart.setCursor({ left: -10, top: -10 });
    setActive(null);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const current = active ?? count - 1;
    const steps: Record<string, number> = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: count - 1, PageUp: current - 7, PageDown: current + 7 };
    if (event.key === 'Escape') return hide();
    if (!(event.key in steps) || count === 0) return;
    event.preventDefault();
    move(steps[event.key]!);
  };
  const at = active === null ? 0 : count <= 1 ? 0.5 : active / (count - 1);

  return (
    <figure className="grid gap-3" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="font-serif text-xl font-semibold">
          {title}
        </h3>
        <Button variant="ghost" size="sm" aria-pressed={asTable} aria-controls={`${id}-body`} onClick={() => setAsTable((v) => !v)}>
          {asTable ? <LineChartIcon aria-hidden="true" /> : <TableIcon aria-hidden="true" />}
          {asTable ? 'Show chart' : 'Show table'}
          <span className="sr-only"> for {title}</span>
        </Button>
      </div>
      <ul className="flex flex-wrap gap-4 text-sm text-muted-foreground" aria-label={`${title} legend`}>
        {series.map((s) => (
          <li key={s.label} className="flex items-center gap-2">
            <svg width="24" height="8" aria-hidden="true">
              <line x1="0" y1="4" x2="24" y2="4" stroke={s.color} strokeWidth="2.5" strokeDasharray={s.dash} />
            </svg>
            {s.label}
          </li>
        ))}
      </ul>
      <div id={`${id}-body`}>
        {asTable ? (
          <div className="max-h-80 overflow-auto rounded-md border" tabIndex={0} role="region" aria-label={`${title} table`}>
            <table className="w-full text-sm">
              <caption className="sr-only">{`${title}, per UTC day`}</caption>
              <thead className="sticky top-0 bg-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-medium">
                    Date
                  </th>
                  {series.map((s) => (
                    <th key={s.label} scope="col" className="px-3 py-2 text-right font-medium">
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {dates.map((date, i) => (
                  <tr key={date} className="border-t">
                    <th scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap">
                      {date}
                    </th>
                    {series.map((s) => (
                      <td key={s.label} className="px-3 py-1.5 text-right tabular-nums">
                        {formatNumber(s.values[i] ?? 0)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <div
            className="relative rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
            tabIndex={0}
            role="group"
            aria-roledescription="chart"
            aria-label={`${summary} Use the arrow keys to read each day.`}
            onKeyDown={onKeyDown}
            onFocus={() => {
              if (active === null && count) move(count - 1);
            }}
            onBlur={hide}
          >
            <div ref={holder} className="w-full overflow-hidden" style={{ height: HEIGHT }} aria-hidden="true" />
            {active !== null && (
              <div
                className="pointer-events-none absolute top-0 z-10 min-w-36 rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md"
                style={at > 0.5 ? { right: `${(1 - at) * 100 + 4}%` } : { left: `${at * 100 + 8}%` }}
              >
                <p className="font-semibold">{formatDay(dates[active]!)}</p>
                {series.map((s) => (
                  <p key={s.label} className="flex justify-between gap-3 tabular-nums">
                    <span>{s.label}</span>
                    <span>{formatNumber(s.values[active] ?? 0)}</span>
                  </p>
                ))}
              </div>
            )}
            <p className="sr-only" aria-live="polite">
              {active !== null ? describe(active) : ''}
            </p>
          </div>
        )}
      </div>
    </figure>
  );
}
