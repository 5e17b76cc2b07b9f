import { EyeIcon, MessageSquareIcon, ThumbsDownIcon, ThumbsUpIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * Icons a page repeats many times (the figures under every feed card), drawn once per page as
 * symbols and referenced with <use>. Inline, each one was 450 bytes of markup and a dozen React
 * elements per use: a third of the home page's HTML, and of its server render.
 */
const SPRITE_ICONS = {
  eye: EyeIcon,
  'thumbs-up': ThumbsUpIcon,
  'thumbs-down': ThumbsDownIcon,
  'message-square': MessageSquareIcon,
} as const;

export type SpriteIconName = keyof typeof SPRITE_ICONS;

const symbolId = (name: SpriteIconName) => `icon-${name}`;

/** The symbols, once per page (the root layout renders it). */
export function IconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute overflow-hidden">
      {(Object.entries(SPRITE_ICONS) as [SpriteIconName, (typeof SPRITE_ICONS)[SpriteIconName]][]).map(([name, Icon]) => (
        <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/** One of the sprite's icons; decorative, like the lucide icons it stands for. */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg className={cn('lucide', `lucide-${name}`, className)} viewBox="0 0 24 24" aria-hidden="true">
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
