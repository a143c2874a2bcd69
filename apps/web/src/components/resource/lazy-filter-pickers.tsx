import { Input } from 'antd';
import { type ComponentProps, Suspense, lazy } from 'react';
import type {
  DateRangeFilter as DateRangeControl,
  NumberFilter as NumberControl,
  ReferenceFilter as ReferenceControl,
} from './filter-pickers';

/**
 * Date pickers, the number input and the reference picker load only for a list whose search bar has such a filter: most
 * lists filter by text and selects. Until the control's code arrives a disabled input holds its place.
 */
const pickers = () => import('./filter-pickers');
const DateRange = lazy(() => pickers().then((m) => ({ default: m.DateRangeFilter })));
const NumberInput = lazy(() => pickers().then((m) => ({ default: m.NumberFilter })));
const Reference = lazy(() => pickers().then((m) => ({ default: m.ReferenceFilter })));

const placeholder = (width: number) => <Input disabled aria-busy="true" style={{ width }} />;

export function LazyDateRangeFilter(props: ComponentProps<typeof DateRangeControl>) {
  return (
    <Suspense fallback={placeholder(props.showTime ? 360 : 240)}>
      <DateRange {...props} />
    </Suspense>
  );
}

export function LazyNumberFilter(props: ComponentProps<typeof NumberControl>) {
  return (
    <Suspense fallback={placeholder(160)}>
      <NumberInput {...props} />
    </Suspense>
  );
}

export function LazyReferenceFilter(props: ComponentProps<typeof ReferenceControl>) {
  return (
    <Suspense fallback={placeholder(200)}>
      <Reference {...props} />
    </Suspense>
  );
}
