import { DatePicker, InputNumber } from 'antd';
import type { ComponentProps } from 'react';
import { ReferenceSelect } from './reference-select';

/** The search bar's date-range control; its own chunk (lazy-filter-pickers.tsx). */
export function DateRangeFilter(props: ComponentProps<typeof DatePicker.RangePicker>) {
  return <DatePicker.RangePicker allowEmpty={[true, true]} {...props} />;
}

/** The search bar's number control; its own chunk (lazy-filter-pickers.tsx). */
export function NumberFilter(props: ComponentProps<typeof InputNumber>) {
  return <InputNumber style={{ width: 160 }} {...props} />;
}

/** The search bar's reference picker (a page of the referenced records); its own chunk too. */
export function ReferenceFilter(props: ComponentProps<typeof ReferenceSelect>) {
  return <ReferenceSelect {...props} />;
}
