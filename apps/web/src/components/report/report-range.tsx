import type { ReportRange } from '@console/contract';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { chinaTodayDayjs } from '../../lib/china-today';

export type RangePreset = '本月' | '上月' | '近 3 个月' | '今年';

/** The presets every report offers, computed at the moment they are shown. */
export function presetRange(preset: RangePreset, today: Dayjs = chinaTodayDayjs()): ReportRange {
  const day = (d: Dayjs) => d.format('YYYY-MM-DD');
  switch (preset) {
    case '本月':
      return { from: day(today.startOf('month')), to: day(today.endOf('month')) };
    case '上月': {
      const last = today.subtract(1, 'month');
      return { from: day(last.startOf('month')), to: day(last.endOf('month')) };
    }
    case '近 3 个月':
      return { from: day(today.subtract(2, 'month').startOf('month')), to: day(today.endOf('month')) };
    case '今年':
      return { from: day(today.startOf('year')), to: day(today.endOf('year')) };
  }
}

const PRESETS: RangePreset[] = ['本月', '上月', '近 3 个月', '今年'];

/** 日期范围 with the four presets; the two dates are China calendar dates, both included. */
export function ReportRangePicker({ value, onChange }: { value: ReportRange; onChange: (next: ReportRange) => void }) {
  return (
    <DatePicker.RangePicker
      aria-label="日期范围"
      allowClear={false}
      value={[dayjs(value.from), dayjs(value.to)]}
      presets={PRESETS.map((label) => {
        const r = presetRange(label);
        return { label, value: [dayjs(r.from), dayjs(r.to)] as [Dayjs, Dayjs] };
      })}
      onChange={(dates) => {
        if (dates?.[0] && dates[1])
          onChange({ from: dates[0].format('YYYY-MM-DD'), to: dates[1].format('YYYY-MM-DD') });
      }}
      style={{ maxWidth: '100%' }}
    />
  );
}
