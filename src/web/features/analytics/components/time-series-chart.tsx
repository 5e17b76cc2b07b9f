import { useId, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { TableIcon, LineChartIcon } from 'lucide-react';
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

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 44 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/**
 * A daily time series drawn as an SVG line chart (issue 18). Accessible by design: the chart is one
 * keyboard stop whose arrow keys (Home/End, PageUp/PageDown by a week) move a tooltip from day to
 * day and announce it; pointers move it too; and a toggle shows the same figures as a table with a
 * caption and headers, which screen readers read as any table. Colours come from the theme's
 * --chart-* variables, so light and dark themes both keep their contrast.
 */
export function TimeSeriesChart({ title, dates, series }: { title: string; dates: string[]; series: ChartSeries[] }) {
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const count = dates.length;
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const x = (i: number) => PAD.left + (count <= 1 ? PLOT_W / 2 : (i / (count - 1)) * PLOT_W);
  const y = (v: number) => PAD.top + PLOT_H - (Math.max(0, v) / max) * PLOT_H;
  const ticks = [0, max / 2, max];
  const xLabels = count <= 1 ? [0] : [...new Set([0, Math.floor((count - 1) / 2), count - 1])];

  const describe = (i: number) => `${formatDay(dates[i]!)}: ${series.map((s) => `${s.label} ${formatNumber(s.values[i] ?? 0)}`).join(', ')}`;
  const totals = series.map((s) => `${s.label} ${formatNumber(s.values.reduce((a, b) => a + b, 0))}`).join(', ');
  const summary = count ? `${title}, ${formatDay(dates[0]!)} to ${formatDay(dates[count - 1]!)}. Totals: ${totals}.` : `${title}: no days.`;

  const move = (i: number) => setActive(Math.min(count - 1, Math.max(0, i)));
  const onKeyDown = (event: KeyboardEvent) => {
    const current = active ?? count - 1;
    const steps: Record<string, number> = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: count - 1, PageUp: current - 7, PageDown: current + 7 };
    if (event.key === 'Escape') return setActive(null);
    if (!(event.key in steps) || count === 0) return;
    event.preventDefault();
    move(steps[event.key]!);
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (count === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    const at = ((event.clientX - box.left) / box.width) * WIDTH;
    move(Math.round(((at - PAD.left) / PLOT_W) * (count - 1)));
  };

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
            onFocus={() => setActive((a) => a ?? (count ? count - 1 : null))}
            onBlur={() => setActive(null)}
          >
            <svg
              viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
              className="h-auto w-full touch-pan-y overflow-visible text-muted-foreground"
              aria-hidden="true"
              onPointerMove={onPointerMove}
              onPointerLeave={() => setActive(null)}
            >
              {ticks.map((t) => (
                <g key={t}>
                  <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} stroke="var(--border)" />
                  <text x={PAD.left - 6} y={y(t)} dy="0.32em" textAnchor="end" fontSize="11" fill="currentColor">
                    {formatNumber(t)}
                  </text>
                </g>
              ))}
              {xLabels.map((i) => (
                <text key={i} x={x(i)} y={HEIGHT - 8} textAnchor={i === 0 && count > 1 ? 'start' : i === count - 1 && count > 1 ? 'end' : 'middle'} fontSize="11" fill="currentColor">
                  {dates[i] ? formatDay(dates[i], true) : ''}
                </text>
              ))}
              {series.map((s) =>
                count === 1 ? (
                  <circle key={s.label} cx={x(0)} cy={y(s.values[0] ?? 0)} r="3.5" fill={s.color} />
                ) : (
                  <polyline
                    key={s.label}
                    fill="none"
                    stroke={s.color}
                    strokeWidth="2"
                    strokeDasharray={s.dash}
                    strokeLinejoin="round"
                    vectorEffect="non-scaling-stroke"
                    points={s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}
                  />
                ),
              )}
              {active !== null && (
                <g>
                  <line x1={x(active)} x2={x(active)} y1={PAD.top} y2={PAD.top + PLOT_H} stroke="currentColor" strokeDasharray="2 3" />
                  {series.map((s) => (
                    <circle key={s.label} cx={x(active)} cy={y(s.values[active] ?? 0)} r="4" fill="var(--card)" stroke={s.color} strokeWidth="2" />
                  ))}
                </g>
              )}
            </svg>
            {active !== null && (
              <div
                className="pointer-events-none absolute top-0 z-10 min-w-36 rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md"
                style={active > count / 2 ? { right: `${100 - (x(active) / WIDTH) * 100 + 2}%` } : { left: `${(x(active) / WIDTH) * 100 + 2}%` }}
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
