import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, EyeIcon, EyeOffIcon } from 'lucide-react';
import type { ArticleImage } from '@contract/articles';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useImageVisibility } from '@/lib/image-visibility';
import { cn } from '@/lib/utils';
import { ResponsiveImage } from './responsive-image';

/** The article column is max-w-3xl (48rem) with 1rem padding on each side. */
const MAIN_SIZES = '(min-width: 48rem) 46rem, calc(100vw - 2rem)';
const LIGHTBOX_SIZES = '(min-width: 64rem) 62rem, 100vw';
const THUMB_SIZES = '6rem';

/**
 * The article page's image section (spec 1 section 2): a main image and numbered thumbnails that
 * open a lightbox with Previous / Next, numbered thumbnails, the arrow keys and Escape (focus stays
 * inside while it is open). Its Hide images / Show images control is the site-wide image toggle,
 * which hides article images everywhere.
 */
export function ArticleGallery({ images, title, className }: { images: readonly ArticleImage[]; title: string; className?: string }) {
  const { showImages, setShowImages } = useImageVisibility();
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  const headingId = useId();
  // The viewer opens from several buttons; closing gives focus back to the one used.
  const opener = useRef<HTMLElement | null>(null);
  const sorted = useMemo(() => [...images].sort((a, b) => a.order - b.order), [images]);
  const count = sorted.length;
  if (count === 0) return null;

  const main = sorted[0]!;
  const current = sorted[Math.min(index, count - 1)]!;
  const altOf = (image: ArticleImage, i: number) => image.caption || `${title}, image ${i + 1} of ${count}`;
  const openAt = (i: number) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setIndex(i);
    setOpen(true);
  };
  const step = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else return;
    event.preventDefault();
  };

  return (
    <section aria-labelledby={headingId} className={cn('space-y-3', className)} data-testid="article-gallery">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-sm font-medium text-muted-foreground">
          {count === 1 ? '1 image' : `${count} images`}
        </h2>
        <Button type="button" variant="ghost" size="sm" onClick={() => setShowImages(!showImages)} aria-expanded={showImages}>
          {showImages ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
          {showImages ? 'Hide images' : 'Show images'}
        </Button>
      </div>

      {showImages && (
        <>
          <figure className="space-y-2">
            <button
              type="button"
              onClick={() => openAt(0)}
              aria-label={`Open image 1 of ${count} in the viewer`}
              className="block w-full cursor-zoom-in overflow-hidden rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
            >
              <ResponsiveImage image={main} sizes={MAIN_SIZES} priority alt={altOf(main, 0)} className="w-full" />
            </button>
            {main.caption && <figcaption className="text-sm text-muted-foreground">{main.caption}</figcaption>}
          </figure>
          {count > 1 && (
            <ol className="flex flex-wrap gap-2" aria-label="More images">
              {sorted.slice(1).map((image, i) => (
                <li key={image.id}>
                  <Thumbnail image={image} number={i + 2} label={`Open image ${i + 2} of ${count} in the viewer`} onClick={() => openAt(i + 1)} />
                </li>
              ))}
            </ol>
          )}
        </>
      )}

      <Dialog open={open && showImages} onOpenChange={setOpen}>
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
                    <Thumbnail image={image} number={i + 1} label={`Show image ${i + 1}`} current={i === index} onClick={() => setIndex(i)} small />
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
    </section>
  );
}

function Thumbnail({
  image,
  number,
  label,
  current = false,
  small = false,
  onClick,
}: {
  image: ArticleImage;
  number: number;
  label: string;
  current?: boolean;
  small?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      aria-current={current ? 'true' : undefined}
      className={cn(
        'relative block overflow-hidden rounded-md border-2 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        current ? 'border-primary' : 'border-transparent',
        small ? 'h-12 w-16' : 'h-16 w-24',
      )}
    >
      <ResponsiveImage image={image} sizes={THUMB_SIZES} alt="" className="size-full object-cover" />
      <span
        aria-hidden="true"
        className="absolute top-0.5 left-0.5 rounded bg-black/70 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums"
      >
        {number}
      </span>
    </button>
  );
}
