import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { AdminArticle } from '@contract/admin';
import { paths } from '@contract/paths';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { adminErrorMessage, useAdminArticles, useUpdateAdminArticle } from '../api/admin';
import { parseAdminCount } from '../lib/admin-count';
import { formatAdminDate, formatCount } from '../lib/format';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { AdminCell, AdminMessageRow, AdminRow, AdminSearch, AdminTable, CountInput, LoadMore, RowActions } from './admin-table';

const COLUMNS = [
  { label: 'Title' },
  { label: 'Channel', width: 'w-36' },
  { label: 'Created', width: 'w-32' },
  { label: 'Views', numeric: true, width: 'w-24' },
  { label: 'Likes', numeric: true, width: 'w-24' },
  { label: 'Dislikes', numeric: true, width: 'w-24' },
  { label: 'Actions', numeric: true, width: 'w-48' },
];

type CountField = 'view_count' | 'like_count' | 'dislike_count';
const COUNT_FIELDS: { field: CountField; label: string }[] = [
  { field: 'view_count', label: 'Views' },
  { field: 'like_count', label: 'Likes' },
  { field: 'dislike_count', label: 'Dislikes' },
];

/** The row being edited and what its fields hold (text, read on save). */
interface Draft {
  id: number;
  values: Record<CountField, string>;
}

/**
 * The 'Manage Articles' tab (docs/product.md#admin): views, likes and dislikes edited inline,
 * one row at a time, with Save and Cancel.
 */
export function AdminArticlesPanel() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search);
  const list = useAdminArticles(q);
  const update = useUpdateAdminArticle();
  const [draft, setDraft] = useState<Draft | null>(null);
  const returnFocusTo = useRef<number | null>(null);

  const articles = list.data?.pages.flatMap((page) => page.items) ?? [];

  const startEdit = (article: AdminArticle) =>
    setDraft({
      id: article.id,
      values: {
        view_count: String(article.view_count),
        like_count: String(article.like_count),
        dislike_count: String(article.dislike_count),
      },
    });

  /** Leaves edit mode for row `id` (if it is still the one being edited) and puts focus back on its Edit button. */
  const stopEdit = (id: number | undefined = draft?.id) => {
    returnFocusTo.current = id ?? null;
    setDraft((current) => (current?.id === id ? null : current));
  };

  const save = () => {
    if (!draft || update.isPending) return;
    const counts = {
      view_count: parseAdminCount(draft.values.view_count),
      like_count: parseAdminCount(draft.values.like_count),
      dislike_count: parseAdminCount(draft.values.dislike_count),
    };
    update.mutate(
      { id: draft.id, counts },
      {
        onSuccess: (saved) => {
          toast({ title: 'Success', description: `Article "${saved.title}" metrics updated.` });
          stopEdit(saved.id);
        },
        onError: (error) => {
          toast({ title: 'Error Updating Article', description: adminErrorMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>Articles</CardTitle>
          <CardDescription>Edit article engagement metrics (views, likes, dislikes)</CardDescription>
        </div>
        <AdminSearch label="Search articles by title" placeholder="Search articles..." value={search} onChange={setSearch} />
      </CardHeader>
      <CardContent>
        <AdminTable caption="Articles and their engagement metrics" columns={COLUMNS} minWidth="min-w-[61rem]">
          {list.isPending ? (
            <AdminMessageRow colSpan={COLUMNS.length}>
              <Spinner label="Loading articles" />
            </AdminMessageRow>
          ) : list.isError ? (
            <AdminMessageRow colSpan={COLUMNS.length} tone="error">
              <span role="alert">Error loading articles: {list.error.message}</span>
            </AdminMessageRow>
          ) : articles.length === 0 ? (
            <AdminMessageRow colSpan={COLUMNS.length}>No articles found.</AdminMessageRow>
          ) : (
            articles.map((article) => {
              const editing = draft?.id === article.id;
              return (
                <AdminRow key={article.id} editing={editing}>
                  <AdminCell className="break-words">
                    <Link
                      to={paths.article(article.id, article.slug)}
                      className="font-medium underline-offset-4 hover:underline focus-visible:underline"
                    >
                      {article.title}
                    </Link>
                    {!article.published && (
                      <Badge variant="secondary" className="ml-2 align-middle">
                        (Draft)
                      </Badge>
                    )}
                  </AdminCell>
                  <AdminCell className="text-muted-foreground">{article.channel.name}</AdminCell>
                  <AdminCell className="whitespace-nowrap text-muted-foreground">{formatAdminDate(article.createdAt)}</AdminCell>
                  {COUNT_FIELDS.map(({ field, label }, index) => (
                    <AdminCell key={field} numeric>
                      {editing && draft ? (
                        <CountInput
                          label={`${label} for "${article.title}"`}
                          value={draft.values[field]}
                          onChange={(value) => setDraft({ ...draft, values: { ...draft.values, [field]: value } })}
                          onSave={save}
                          onCancel={() => stopEdit()}
                          autoFocus={index === 0}
                          disabled={update.isPending}
                        />
                      ) : (
                        formatCount(article[field])
                      )}
                    </AdminCell>
                  ))}
                  <AdminCell numeric>
                    <RowActions
                      name={`"${article.title}"`}
                      editing={editing}
                      saving={editing && update.isPending}
                      onEdit={() => startEdit(article)}
                      onSave={save}
                      onCancel={() => stopEdit()}
                      editButtonRef={(element) => {
                        if (element && returnFocusTo.current === article.id) {
                          returnFocusTo.current = null;
                          element.focus();
                        }
                      }}
                    />
                  </AdminCell>
                </AdminRow>
              );
            })
          )}
        </AdminTable>
        <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
      </CardContent>
    </Card>
  );
}
