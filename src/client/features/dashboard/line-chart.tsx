import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Language } from '@common/i18n/languages';

const COLORS = ['#c2410c', '#0369a1', '#7c3aed', '#15803d', '#be185d'];
const HEIGHT = 220;

/**
 * Daily figures as lines (uPlot, drawn on a canvas): loaded with the dashboard's analytics only. The
 * canvas is an image to assistive technology, named by `label`; the numbers are in the table beside it.
 */
export default function LineChart({
  days,
  series,
  label,
  dayLabel,
  language,
}: {
  /** YYYY-MM-DD, one per point. */
  days: string[];
  series: { label: string; values: number[] }[];
  label: string;
  /** The x axis's name in the legend. */
  dayLabel: string;
  language: Language;
}) {
  const box = useRef<HTMLDivElement>(null);
  // Drawn again only when the figures change, not whenever the caller builds new arrays of them.
  const figures = JSON.stringify([days, series]);

  useEffect(() => {
    const [days, series] = JSON.parse(figures) as [string[], { label: string; values: number[] }[]];
    const element = box.current;
    if (!element) return;
    const dayFormat = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const number = new Intl.NumberFormat(language);
    const plot = new uPlot(
      {
        width: element.clientWidth,
        height: HEIGHT,
        legend: { show: series.length > 1 },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
        axes: [
          { values: (_u, splits) => splits.map((s) => dayFormat.format(s * 1000)) },
          { values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? number.format(s) : '')) },
        ],
        series: [
          { label: dayLabel, value: (_u, s) => (s == null ? '' : dayFormat.format(s * 1000)) },
          ...series.map((line, i) => ({
            label: line.label,
            stroke: COLORS[i % COLORS.length],
            width: 2,
            points: { show: false },
          })),
        ],
      },
      [days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000), ...series.map((line) => line.values)],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [figures, dayLabel, language]);

  return <div ref={box} role="img" aria-label={label} className="w-full overflow-hidden" />;
}
