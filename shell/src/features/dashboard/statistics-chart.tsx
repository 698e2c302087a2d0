import { useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useTheme } from 'styled-components';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface ChartSeries {
  label: string;
  /** One value per category. */
  values: number[];
}

/**
 * A grouped bar chart drawn by chart.js. The canvas is decorative for screen readers: the same
 * numbers are in the statistics table beside it.
 */
export function StatisticsChart({
  categories,
  series,
  title,
}: {
  categories: string[];
  series: ChartSeries[];
  title: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const theme = useTheme();

  useEffect(() => {
    if (!canvas.current) return;
    const palette = [theme.palette.primaryBlue, theme.palette.primaryGreen, theme.palette.yellow];
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: categories,
        datasets: series.map((item, index) => ({
          label: item.label,
          data: item.values,
          backgroundColor: palette[index % palette.length],
          borderRadius: 6,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        color: theme.palette.textSecondary,
        scales: {
          x: { ticks: { color: theme.palette.textSecondary }, grid: { display: false } },
          y: {
            beginAtZero: true,
            ticks: { color: theme.palette.textSecondary, precision: 0 },
            grid: { color: theme.palette.divider },
          },
        },
        plugins: { legend: { position: 'bottom' } },
      },
    });
    return () => chart.destroy();
  }, [categories, series, theme]);

  return (
    <div style={{ position: 'relative', height: 280 }}>
      <canvas ref={canvas} role="img" aria-label={title} />
    </div>
  );
}
