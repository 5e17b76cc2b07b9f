import { Link } from 'react-router';
import { paths } from '@contract/paths';
import { Badge } from '@/components/ui/badge';
import { useAdminArticles, useUpdateAdminArticle } from '../api/admin';
import { parseAdminCount } from '../lib/admin-count';
import { formatAdminDate, formatCount } from '../lib/format';
import { AdminListPanel, useAdminSearch, useRowEdit } from './admin-list-panel';
import { AdminCell, AdminRow, CountInput, RowActions } from './admin-table';

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

/**
 * The 'Manage Articles' tab (docs/product.md#admin): views, likes and dislikes edited inline,
 * one row at a time, with Save and Cancel.
 */
export function AdminArticlesPanel() {
  const search = useAdminSearch();
  const list = useAdminArticles(search.q);
  const rows = useRowEdit({
    update: useUpdateAdminArticle(),
    variables: (id, values: Record<CountField, string>) => ({
      id,
      counts: {
        view_count: parseAdminCount(values.view_count),
        like_count: parseAdminCount(values.like_count),
        dislike_count: parseAdminCount(values.dislike_count),
      },
    }),
    savedMessage: (saved) => `Article "${saved.title}" metrics updated.`,
    errorTitle: 'Error Updating Article',
  });

  return (
    <AdminListPanel
      title="Articles"
      description="Edit article engagement metrics (views, likes, dislikes)"
      search={search}
      searchLabel="Search articles by title"
      searchPlaceholder="Search articles..."
      caption="Articles and their engagement metrics"
      columns={COLUMNS}
      minWidth="min-w-[61rem]"
      list={list}
      noun="articles"
      renderRow={(article) => {
        const values = rows.editing(article.id);
        return (
          <AdminRow key={article.id} editing={values !== null}>
            <AdminCell className="break-words">
              <Link to={paths.article(article.id, article.slug)} className="font-medium underline-offset-4 hover:underline focus-visible:underline">
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
                {values ? (
                  <CountInput
                    label={`${label} for "${article.title}"`}
                    value={values[field]}
                    onChange={(value) => rows.change({ [field]: value })}
                    onSave={rows.save}
                    onCancel={() => rows.stop()}
                    autoFocus={index === 0}
                    disabled={rows.saving}
                  />
                ) : (
                  formatCount(article[field])
                )}
              </AdminCell>
            ))}
            <AdminCell numeric>
              <RowActions
                name={`"${article.title}"`}
                editing={values !== null}
                saving={values !== null && rows.saving}
                onEdit={() =>
                  rows.start(article.id, {
                    view_count: String(article.view_count),
                    like_count: String(article.like_count),
                    dislike_count: String(article.dislike_count),
                  })
                }
                onSave={rows.save}
                onCancel={() => rows.stop()}
                editButtonRef={rows.editButtonRef(article.id)}
              />
            </AdminCell>
          </AdminRow>
        );
      }}
    />
  );
}
