import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Box, Typography, useMediaQuery } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useSettings } from '@dentalmarket/ui';
import { longDay, shortDay } from './analyticsRange.js';

export interface DayChartProps {
  /** the chart's visible title and its accessible name ('Orders per day') */
  title: string;
  /** the chart in words for a screen reader ('12 orders; most on Nov 5: 4') */
  description: string;
  days: readonly string[];
  values: readonly number[];
  /** the bars' colour, from the theme's palette */
  color: string;
  /** a value in full (tooltip) */
  format: (value: number) => string;
  /** a value on the axis (shorter, e.g. '$1.2K'); `format` when not given */
  axisFormat?: (value: number) => string;
  /** whole numbers only (a count): no tick at 0.5 */
  integer?: boolean;
  height?: number;
}

/** Room one day's label ('Nov 25') needs on the axis, in px. */
const TICK_ROOM = 68;

/** The width an element is laid out at, followed as it changes (0 until measured, and where nothing is laid out). */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** Animations are skipped under 'Minimal Animations' and when the system asks for reduced motion. */
export function useChartsAnimate(): boolean {
  const { minimalAnimations } = useSettings().performance;
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  return !minimalAnimations && !reduced;
}

/**
 * One value per UTC day as bars (MUI X Charts). To a screen reader the chart is one image named by
 * its title and described in words; the figures themselves are in the card's 'Show as table'. Its
 * width follows the card, so it fits a phone.
 */
export function DayChart({ title, description, days, values, color, format, axisFormat = format, integer = false, height = 180 }: DayChartProps) {
  const descriptionId = useId();
  const animate = useChartsAnimate();
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  // as many labelled days as the width has room for (the axis takes ~60 px), 7 before it is measured
  const ticks = width > 0 ? Math.min(8, Math.max(2, Math.floor((width - 60) / TICK_ROOM))) : 7;
  const tickStep = Math.ceil(days.length / ticks);
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
      <Typography component="figcaption" variant="subtitle2" color="text.secondary" aria-hidden="true">
        {title}
      </Typography>
      <span id={descriptionId} hidden>
        {description}
      </span>
      <Box ref={box} role="img" aria-label={title} aria-describedby={descriptionId} sx={{ width: '100%', height }}>
        <BarChart
          height={height}
          series={[{ data: [...values], color, label: title, valueFormatter: (value) => (value === null ? '' : format(value)) }]}
          xAxis={[
            {
              scaleType: 'band',
              data: [...days],
              valueFormatter: (day: string, context) => (context.location === 'tick' ? shortDay(day) : longDay(day)),
              // ticks counted back from the last day, so that the range's end is always labelled
              tickInterval: (_day: string, index: number) => (days.length - 1 - index) % tickStep === 0,
              tickPlacement: 'middle',
              tickLabelPlacement: 'middle',
              categoryGapRatio: days.length > 60 ? 0.1 : 0.3,
            },
          ]}
          yAxis={[{ valueFormatter: (value: number) => axisFormat(value), tickMinStep: integer ? 1 : undefined, width: 52 }]}
          grid={{ horizontal: true }}
          hideLegend
          disableKeyboardNavigation
          skipAnimation={!animate}
          borderRadius={3}
          // room on the right for the last day's label, centred under the last bar
          margin={{ top: 8, right: 24, bottom: 0, left: 0 }}
        />
      </Box>
    </Box>
  );
}
