import type { UploadPurpose } from '@console/contract';
import { Suspense, lazy } from 'react';

// antd's Image brings its preview (zoom, rotate, its icons: ~9 KB gzip); it loads on the first list
// or detail that shows a stored file, not with the list machinery every screen loads.
const LoadedFileCell = lazy(() => import('./file-cell').then((module) => ({ default: module.FileCell })));

/** A stored file in a table cell or detail (see file-cell.tsx), loaded on first use. */
export function FileCell({ value, image, purpose }: { value: string; image?: boolean; purpose?: UploadPurpose }) {
  // While it loads, an image cell keeps the preview's size so the row does not grow under the reader.
  const pending = image ? <span style={{ display: 'inline-block', width: 40, height: 40 }} aria-busy /> : null;
  return (
    <Suspense fallback={pending}>
      <LoadedFileCell value={value} image={image} purpose={purpose} />
    </Suspense>
  );
}
