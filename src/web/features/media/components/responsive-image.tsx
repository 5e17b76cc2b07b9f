import type { ComponentProps } from 'react';
import type { ArticleImage } from '@contract/articles';
import { cn } from '@/lib/utils';
import { srcSetOf } from '../lib/srcset';

export type ResponsiveImageProps = Omit<ComponentProps<'img'>, 'src' | 'srcSet' | 'width' | 'height'> & {
  image: Pick<ArticleImage, 'imageUrl' | 'variants' | 'width' | 'height' | 'caption'>;
  /** How wide the image is drawn, for the browser's choice among the variants. */
  sizes: string;
  /** The page's main (LCP) image: loaded eagerly with high priority. Others load lazily. */
  priority?: boolean;
};

/**
 * An article image with its WebP copies in srcset, and its width and height set so the page does
 * not shift while it loads.
 */
export function ResponsiveImage({ image, sizes, className, priority = false, alt, ...props }: ResponsiveImageProps) {
  return (
    <img
      src={image.imageUrl}
      srcSet={srcSetOf(image)}
      sizes={sizes}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      alt={alt ?? image.caption ?? ''}
      className={cn('h-auto max-w-full bg-muted', className)}
      {...props}
    />
  );
}
