import { useId, useState } from 'react';
import { Box, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { presetOf, presetRange, rangeDays, rangeLabel, rangeProblem, RANGE_PRESETS, type DayRange, type RangePreset } from './analyticsRange.js';

export interface AnalyticsRangeControlProps {
  range: DayRange;
  onChange: (next: DayRange) => void;
  /** today (UTC), which the quick choices end on */
  today: string;
}

/**
 * The tab's range: the quick choices (the last 7, 30 or 90 days) and the two date inputs. A typed
 * range is asked for only once it is one the API answers; until then the fields say what is wrong.
 */
export function AnalyticsRangeControl({ range, onChange, today }: AnalyticsRangeControlProps) {
  const problemId = useId();
  const [draft, setDraft] = useState<DayRange>(range);
  // a range chosen elsewhere (a quick choice, the address) replaces what was typed
  const [shown, setShown] = useState(range);
  if (shown.from !== range.from || shown.to !== range.to) {
    setShown(range);
    setDraft(range);
  }
  const problem = rangeProblem(draft.from, draft.to);
  const change = (next: DayRange) => {
    setDraft(next);
    if (rangeProblem(next.from, next.to) === null) onChange(next);
  };
  const fromAtFault = problem !== null && !problem.includes('(To)');
  const toAtFault = problem !== null && !problem.includes('(From)');
  const preset = presetOf(range, today);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={preset}
        onChange={(_event, days: RangePreset | null) => {
          if (days !== null) onChange(presetRange(days, today));
        }}
        aria-label="Quick ranges"
        sx={{ flexWrap: 'wrap' }}
      >
        {RANGE_PRESETS.map((days) => (
          <ToggleButton key={days} value={days}>
            Last {days} days
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <TextField
          size="small"
          type="date"
          label="From"
          value={draft.from}
          error={fromAtFault}
          onChange={(event) => change({ ...draft, from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: draft.to || today, 'aria-describedby': problem ? problemId : undefined } }}
        />
        <TextField
          size="small"
          type="date"
          label="To"
          value={draft.to}
          error={toAtFault}
          onChange={(event) => change({ ...draft, to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: draft.from || undefined, 'aria-describedby': problem ? problemId : undefined } }}
        />
      </Box>
      <Box sx={{ flexBasis: '100%' }}>
        {problem ? (
          <Typography id={problemId} role="alert" variant="body2" color="error">
            {problem}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {rangeLabel(range)} · {rangeDays(range)} {rangeDays(range) === 1 ? 'day' : 'days'}, UTC
          </Typography>
        )}
      </Box>
    </Box>
  );
}
