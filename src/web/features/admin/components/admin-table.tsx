import { useId, type ComponentProps, type KeyboardEvent, type ReactNode } from 'react';
import { CheckIcon, Loader2Icon, PencilIcon, SearchIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** The search box above an admin table; the label is for screen readers, the placeholder for eyes. */
export function AdminSearch({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="relative w-full sm:max-w-xs">
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input id={id} type="search" value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} className="pl-9" />
    </div>
  );
}

export interface AdminColumn {
  label: string;
  numeric?: boolean;
  /** A fixed width (Tailwind class), so a row entering edit mode does not reflow the table. */
  width?: string;
}

/**
 * A table that scrolls sideways on narrow screens rather than squeezing its columns; `children`
 * are the body rows. The caption names it for screen readers. Where it may not fit, a line says it
 * scrolls and its scrollbar stays drawn, so columns past the edge are not taken for missing.
 */
export function AdminTable({
  caption,
  columns,
  minWidth,
  children,
}: {
  caption: string;
  columns: AdminColumn[];
  /** Tailwind min-width class: the fixed columns plus room for the free one to stay readable. */
  minWidth: string;
  children: ReactNode;
}) {
  return (
    <>
    <p className="mb-2 text-xs text-muted-foreground xl:hidden">Scroll sideways to see every column.</p>
    <div className="relative overflow-x-auto rounded-md border [scrollbar-color:var(--muted-foreground)_transparent] [scrollbar-width:thin]">
      <table className={cn('w-full table-fixed border-collapse text-sm', minWidth)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={cn(
                  'border-b px-3 py-2.5 font-medium whitespace-nowrap text-muted-foreground',
                  column.numeric ? 'text-right' : 'text-left',
                  column.width,
                )}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
    </>
  );
}

export function AdminRow({ editing, className, ...props }: ComponentProps<'tr'> & { editing?: boolean }) {
  return (
    <tr
      data-editing={editing ? '' : undefined}
      className={cn('border-b align-middle last:border-0', editing ? 'bg-accent/60' : 'hover:bg-muted/40', className)}
      {...props}
    />
  );
}

export function AdminCell({ numeric, className, ...props }: ComponentProps<'td'> & { numeric?: boolean }) {
  return <td className={cn('px-3 py-2', numeric && 'text-right tabular-nums', className)} {...props} />;
}

/** A whole row for the empty, loading and error states. */
export function AdminMessageRow({ colSpan, children, tone = 'muted' }: { colSpan: number; children: ReactNode; tone?: 'muted' | 'error' }) {
  return (
    <tr>
      <td colSpan={colSpan} className={cn('px-3 py-10 text-center', tone === 'error' ? 'text-destructive' : 'text-muted-foreground')}>
        {children}
      </td>
    </tr>
  );
}

/**
 * A count edited in place. Whatever the field holds is read by parseAdminCount on save (docs/product.md#admin:
 * empty or non-numeric counts as 0, negatives become 0); Enter saves and Escape cancels.
 */
export function CountInput({
  label,
  value,
  onChange,
  onSave,
  onCancel,
  autoFocus,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSave: () => void;
  onCancel: () => void;
  autoFocus?: boolean;
  disabled?: boolean;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onSave();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };
  return (
    <Input
      type="number"
      inputMode="numeric"
      min={0}
      step={1}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={onKeyDown}
      onFocus={(e) => e.target.select()}
      autoFocus={autoFocus}
      disabled={disabled}
      className="ml-auto h-8 w-full max-w-28 [appearance:textfield] text-right tabular-nums [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
    />
  );
}

/** Edit, or Save and Cancel while the row is being edited. `name` completes the buttons' accessible names. */
export function RowActions({
  name,
  editing,
  saving,
  onEdit,
  onSave,
  onCancel,
  editButtonRef,
}: {
  name: string;
  editing: boolean;
  saving: boolean;
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
  editButtonRef?: (element: HTMLButtonElement | null) => void;
}) {
  if (!editing) {
    return (
      <Button ref={editButtonRef} variant="outline" size="sm" onClick={onEdit}>
        <PencilIcon aria-hidden="true" />
        Edit<span className="sr-only"> {name}</span>
      </Button>
    );
  }
  return (
    <div className="flex justify-end gap-2">
      <Button size="sm" onClick={onSave} disabled={saving}>
        {saving ? <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <CheckIcon aria-hidden="true" />}
        Save<span className="sr-only"> {name}</span>
      </Button>
      <Button variant="ghost" size="sm" onClick={onCancel} disabled={saving}>
        <XIcon aria-hidden="true" />
        Cancel<span className="sr-only"> editing {name}</span>
      </Button>
    </div>
  );
}

/** 'Load more' under a list that has another page. */
export function LoadMore({ hasMore, loading, onLoad }: { hasMore: boolean; loading: boolean; onLoad: () => void }) {
  if (!hasMore) return null;
  return (
    <div className="flex justify-center pt-4">
      <Button variant="outline" onClick={onLoad} disabled={loading} aria-busy={loading}>
        {loading && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
        Load more
      </Button>
    </div>
  );
}
