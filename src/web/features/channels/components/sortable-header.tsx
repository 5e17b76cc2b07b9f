import type { ReactNode } from 'react';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { ariaSort, type SortState } from '../lib/sorting';

/** A column header that sorts its table when clicked (docs/product.md#channels). */
export function SortableHeader<K extends string>({
  sort,
  column,
  onSort,
  className,
  children,
}: {
  sort: SortState<K>;
  column: K;
  onSort: (column: K) => void;
  className?: string;
  children: ReactNode;
}) {
  const state = ariaSort(sort, column);
  const Icon = state === 'ascending' ? ArrowUpIcon : state === 'descending' ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <th scope="col" aria-sort={state} className={cn('px-3 py-2 text-left font-medium', className)}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        {children}
        <Icon className={cn('size-3.5', state === 'none' && 'opacity-40')} aria-hidden="true" />
      </button>
    </th>
  );
}
