import { type ComponentProps, Suspense, lazy, useState } from 'react';

// The `?` sheet (its modal and the key lines) loads when it is first asked for, not with every list.
const ListKeyHelp = lazy(() => import('./list-key-help').then((module) => ({ default: module.ListKeyHelp })));

type Props = ComponentProps<typeof ListKeyHelp>;

/** The keyboard cheat sheet, mounted from its first opening on (so it can animate closed). */
export function LazyListKeyHelp(props: Props) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ListKeyHelp {...props} />
    </Suspense>
  );
}
