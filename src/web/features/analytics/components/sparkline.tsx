import { formatNumber } from '../lib/format';

/**
 * A small trend line of one article's figure over the period. Screen readers get it in
 * words (first, highest and last step) rather than as a picture.
 */
export function Sparkline({ values, label }: { values: number[]; label: string }) {
  const width = 80;
  const height = 24;
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${(height - 2 - (v / max) * (height - 4)).toFixed(1)}`).join(' ');
  const words = values.length
    ? `${label} trend: from ${formatNumber(values[0]!)} to ${formatNumber(values.at(-1)!)}, highest ${formatNumber(Math.max(...values))}`
    : `${label} trend: none`;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={words} className="shrink-0 overflow-visible">
      <polyline fill="none" stroke="var(--chart-1)" strokeWidth="1.5" strokeLinejoin="round" points={values.length > 1 ? points : `0,${height - 2} ${width},${height - 2}`} />
    </svg>
  );
}
