import { useId } from 'react';
import { TIME_RANGES, type TimeRange } from '@atelier/shared';
import { Input, Select } from '../../../components/ui';
import type { RangeArgs } from '../dashboards-api';

const LABELS: Record<TimeRange, string> = {
  day: 'Last 24 hours',
  week: 'Last 7 days',
  month: 'Last 30 days',
  year: 'Last 12 months',
  all: 'All time',
};

export interface TimeRangePickerProps {
  value: RangeArgs;
  onChange: (next: RangeArgs) => void;
}

/** A named range, or an optional start/end date pair that overrides it while set. */
export function TimeRangePicker({ value, onChange }: TimeRangePickerProps) {
  const id = useId();
  const hasDates = Boolean(value.startDate || value.endDate);
  return (
    <div className="range-picker" role="group" aria-label="Time range">
      <span className="range-picker__field range-picker__field--range">
        <label htmlFor={`${id}-range`}>Time range</label>
        <Select
          id={`${id}-range`}
          value={value.timeRange}
          disabled={hasDates}
          onChange={(e) => onChange({ timeRange: e.target.value as TimeRange })}
        >
          {TIME_RANGES.map((r) => (
            <option key={r} value={r}>
              {LABELS[r]}
            </option>
          ))}
        </Select>
      </span>
      <span className="range-picker__field">
        <label htmlFor={`${id}-from`}>From</label>
        <Input
          id={`${id}-from`}
          type="date"
          value={value.startDate ?? ''}
          onChange={(e) => onChange({ ...value, startDate: e.target.value || undefined })}
        />
      </span>
      <span className="range-picker__field">
        <label htmlFor={`${id}-to`}>To</label>
        <Input
          id={`${id}-to`}
          type="date"
          value={value.endDate ?? ''}
          onChange={(e) => onChange({ ...value, endDate: e.target.value || undefined })}
        />
      </span>
      {hasDates && (
        <button type="button" className="range-picker__clear" onClick={() => onChange({ timeRange: value.timeRange })}>
          Clear dates
        </button>
      )}
    </div>
  );
}
