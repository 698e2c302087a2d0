import { useEffect, useRef } from 'react';
import {
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useTheme } from 'styled-components';

Chart.register(
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

export interface DaySeries {
  label: string;
  /** One value per day; null leaves a gap (no figure that day). */
  values: (number | null)[];
}

/**
 * Lines of figures per day drawn by chart.js, as the home page draws its chart, in the theme's
 * colours (light or dark). Clicking a day's point calls `onDay`. The canvas is one image to
 * screen readers: the numbers are in the table its chart offers instead.
 */
export function LineChart({
  title,
  days,
  series,
  onDay,
}: {
  title: string;
  days: string[];
  series: DaySeries[];
  onDay?: (day: string) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const theme = useTheme();

  useEffect(() => {
    if (!canvas.current) return;
    const palette = [
      theme.palette.primaryBlue,
      theme.palette.primaryGreen,
      theme.palette.yellow,
      theme.palette.red,
    ];
    const chart = new Chart(canvas.current, {
      type: 'line',
      data: {
        labels: days,
        datasets: series.map((item, index) => ({
          label: item.label,
          data: item.values,
          borderColor: palette[index % palette.length],
          backgroundColor: palette[index % palette.length],
          spanGaps: false,
          tension: 0.2,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        color: theme.palette.textSecondary,
        onClick: (_event, elements) => {
          const day = elements[0] ? days[elements[0].index] : undefined;
          if (day && onDay) onDay(day);
        },
        scales: {
          x: { ticks: { color: theme.palette.textSecondary }, grid: { display: false } },
          y: {
            beginAtZero: true,
            ticks: { color: theme.palette.textSecondary },
            grid: { color: theme.palette.divider },
          },
        },
        plugins: { legend: { position: 'bottom' } },
      },
    });
    return () => chart.destroy();
  }, [days, series, theme, onDay]);

  return (
    <div style={{ position: 'relative', height: 260 }}>
      <canvas ref={canvas} role="img" aria-label={title} />
    </div>
  );
}
