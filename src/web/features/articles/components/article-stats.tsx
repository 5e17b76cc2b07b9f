import { EyeIcon, MessageSquareIcon, ThumbsDownIcon, ThumbsUpIcon } from 'lucide-react';
import { formatCount } from '@contract/formats';
import { cn } from '@/lib/utils';
import { showCommentCount } from '../lib/format-date';

/** Views, likes, dislikes, and the comment count only from 7 (spec 1 sections 2 and 9). */
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
    { icon: EyeIcon, value: viewCount, label: viewCount === 1 ? 'view' : 'views' },
    { icon: ThumbsUpIcon, value: likes, label: likes === 1 ? 'like' : 'likes' },
    { icon: ThumbsDownIcon, value: dislikes, label: dislikes === 1 ? 'dislike' : 'dislikes' },
    ...(showCommentCount(commentCount) ? [{ icon: MessageSquareIcon, value: commentCount, label: 'comments' }] : []),
  ];
  return (
    <ul className={cn('flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground', className)}>
      {items.map(({ icon: Icon, value, label }) => (
        <li key={label} className="inline-flex items-center gap-1 tabular-nums" data-stat={label}>
          <Icon className="size-4" aria-hidden="true" />
          {formatCount(value)}
          <span className="sr-only"> {label}</span>
        </li>
      ))}
    </ul>
  );
}
