import type { ArticleImage } from '@contract/articles';
import { cn } from '@/lib/utils';
import { ResponsiveImage } from './responsive-image';

const THUMB_SIZES = '6rem';

/** A numbered thumbnail button of the gallery and of its viewer. */
export function Thumbnail({
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
