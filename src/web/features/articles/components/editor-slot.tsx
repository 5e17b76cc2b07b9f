import { memo, Suspense, type ComponentProps } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { lazyWithRetry } from '@/lib/chunk-retry';

// TipTap is only downloaded by pages that edit: the feed and article pages stay small.
const RichTextEditor = lazyWithRetry(() => import('./rich-text-editor'));

/**
 * The editor in its own Suspense boundary, memoized on its props. The server renders it (an inert
 * toolbar and page of the same size); while its chunk loads after hydration the boundary keeps that
 * markup. A re-render of the form with the same props must not reach the boundary: React would
 * give up hydrating it and show the fallback, and everything below the editor would jump.
 */
export const EditorSlot = memo(function EditorSlot({ minHeight, ...props }: ComponentProps<typeof RichTextEditor>) {
  return (
    <Suspense
      fallback={
        <div className="flex items-center justify-center rounded-md border" style={{ minHeight: minHeight + 42 }}>
          <Spinner label="Loading editor" />
        </div>
      }
    >
      <RichTextEditor minHeight={minHeight} {...props} />
    </Suspense>
  );
});
