import { formatCount } from '@contract/formats';
import { SpriteIcon } from '@/components/icon-sprite';
import { cn } from '@/lib/utils';
import { showCommentCount } from '@/lib/format-date';

/** Views, likes, dislikes, and the comment count only from 7 (docs/product.md#comments and #limits). */
export function ArticleStats({
  viewCount,
  likes,
  dislikes,
  commentCount,
  className,
}: {
  viewCount: number;
  likes: number;
  dislikes: number;
  commentCount: number;
  className?: string;
}) {
  const items = [
    { icon: 'eye' as const, value: viewCount, label: viewCount === 1 ? 'view' : 'views' },
    { icon: 'thumbs-up' as const, value: likes, label: likes === 1 ? 'like' : 'likes' },
    { icon: 'thumbs-down' as const, value: dislikes, label: dislikes === 1 ? 'dislike' : 'dislikes' },
    ...(showCommentCount(commentCount) ? [{ icon: 'message-square' as const, value: commentCount, label: 'comments' }] : []),
  ];
  return (
    <ul className={cn('flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground', className)}>
      {items.map(({ icon, value, label }) => (
        <li key={label} className="inline-flex items-center gap-1 tabular-nums" data-stat={label}>
          <SpriteIcon name={icon} className="size-4" />
          {formatCount(value)}
          <span className="sr-only"> {label}</span>
        </li>
      ))}
    </ul>
  );
}
