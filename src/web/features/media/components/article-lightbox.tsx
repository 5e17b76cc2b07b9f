import type { KeyboardEvent, RefObject } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import type { ArticleImage } from '@contract/articles';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Thumbnail } from './gallery-thumbnail';
import { ResponsiveImage } from './responsive-image';

const LIGHTBOX_SIZES = '(min-width: 64rem) 62rem, 100vw';

/**
 * The gallery's viewer (docs/product.md#article): Previous / Next, numbered thumbnails, the arrow keys and
 * Escape; focus stays inside while it is open and goes back to the button that opened it.
 * Loaded the first time it opens (see article-gallery.tsx).
 */
export default function ArticleLightbox({
  open,
  onOpenChange,
  images: sorted,
  index,
  setIndex,
  title,
  altOf,
  opener,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  images: ArticleImage[];
  index: number;
  setIndex: (update: (i: number) => number) => void;
  title: string;
  altOf: (image: ArticleImage, i: number) => string;
  opener: RefObject<HTMLElement | null>;
}) {
  const count = sorted.length;
  const current = sorted[Math.min(index, count - 1)]!;
  const step = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else return;
    event.preventDefault();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="grid-cols-[minmax(0,1fr)] gap-3 p-4 sm:max-w-5xl sm:p-6"
        onKeyDown={onKeyDown}
        onCloseAutoFocus={(event) => {
          if (!opener.current?.isConnected) return;
          event.preventDefault();
          opener.current.focus();
        }}
        data-testid="lightbox"
      >
        <DialogHeader className="pr-8">
          <DialogTitle className="truncate">{title}</DialogTitle>
          <DialogDescription aria-live="polite">
            Image {index + 1} of {count}
          </DialogDescription>
        </DialogHeader>
        <figure className="space-y-2">
          <div className="flex min-h-40 items-center justify-center rounded-md bg-muted">
            <ResponsiveImage
              key={current.id}
              image={current}
              sizes={LIGHTBOX_SIZES}
              priority
              alt={altOf(current, index)}
              className="max-h-[60vh] w-auto rounded-md object-contain"
            />
          </div>
          {current.caption && (
            <figcaption className="text-sm" data-testid="lightbox-caption">
              {current.caption}
            </figcaption>
          )}
        </figure>
        {count > 1 && (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => step(-1)} aria-label="Previous image">
              <ChevronLeftIcon aria-hidden="true" />
              <span className="hidden sm:inline">Previous</span>
            </Button>
            <ol className="flex flex-wrap justify-center gap-2" aria-label="Images">
              {sorted.map((image, i) => (
                <li key={image.id}>
                  <Thumbnail image={image} number={i + 1} label={`Show image ${i + 1}`} current={i === index} onClick={() => setIndex(() => i)} small />
                </li>
              ))}
            </ol>
            <Button type="button" variant="outline" size="sm" onClick={() => step(1)} aria-label="Next image">
              <span className="hidden sm:inline">Next</span>
              <ChevronRightIcon aria-hidden="true" />
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
