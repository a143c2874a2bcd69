import { Skeleton } from 'antd';
import { Suspense, lazy } from 'react';
import type { RichTextEditorProps } from './rich-text-editor';

// The editor (TipTap and ProseMirror) is loaded only when a form shows it, not with every list.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** Form.Item hands value/onChange to its direct child, so the Suspense boundary sits inside it. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
