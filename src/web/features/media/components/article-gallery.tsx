import { useId, useMemo, useRef, useState } from 'react';
import { EyeIcon, EyeOffIcon } from 'lucide-react';
import type { ArticleImage } from '@contract/articles';
import { Button } from '@/components/ui/button';
import { LoadOnFirstOpen } from '@/components/on-demand';
import { useImageVisibility } from '@/lib/image-visibility';
import { cn } from '@/lib/utils';
import { Thumbnail } from './gallery-thumbnail';
import { ResponsiveImage } from './responsive-image';
import { lazyWithRetry } from '@/lib/chunk-retry';

// The viewer's code (a Radix Dialog) loads the first time it opens.
const ArticleLightbox = lazyWithRetry(() => import('./article-lightbox'));

/** The article column is max-w-3xl (48rem) with 1rem padding on each side. */
const MAIN_SIZES = '(min-width: 48rem) 46rem, calc(100vw - 2rem)';

/**
 * The article page's image section (docs/product.md#article): a main image and numbered thumbnails that
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
  // The cover leads (it is the main image), then the gallery's order.
  const sorted = useMemo(() => [...images].sort((a, b) => Number(b.cover) - Number(a.cover) || a.order - b.order), [images]);
  const count = sorted.length;
  if (count === 0) return null;

  const main = sorted[0]!;
  const altOf = (image: ArticleImage, i: number) => image.alt || image.caption || `${title}, image ${i + 1} of ${count}`;
  const openAt = (i: number) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setIndex(i);
    setOpen(true);
  };

  return (
    <section aria-labelledby={headingId} className={cn('space-y-3', className)} data-testid="article-gallery">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-sm font-medium text-muted-foreground">
          {count === 1 ? '1 image' : `${count} images`}
        </h2>
        <Button type="button" variant="ghost" size="sm" onClick={() => setShowImages(!showImages)} aria-expanded={showImages} data-print="hide">
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
            {main.caption && <figcaption className="border-l-2 border-border pl-3 text-sm leading-snug text-muted-foreground">{main.caption}</figcaption>}
          </figure>
          {count > 1 && (
            <ol className="flex flex-wrap gap-2" aria-label="More images" data-print="hide">
              {sorted.slice(1).map((image, i) => (
                <li key={image.id}>
                  <Thumbnail image={image} number={i + 2} label={`Open image ${i + 2} of ${count} in the viewer`} onClick={() => openAt(i + 1)} />
                </li>
              ))}
            </ol>
          )}
        </>
      )}

      <LoadOnFirstOpen open={open && showImages}>
        <ArticleLightbox
          open={open && showImages}
          onOpenChange={setOpen}
          images={sorted}
          index={index}
          setIndex={setIndex}
          title={title}
          altOf={altOf}
          opener={opener}
        />
      </LoadOnFirstOpen>
    </section>
  );
}
