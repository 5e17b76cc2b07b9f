import type { Kysely, Transaction } from 'kysely';
import { ARTICLE_FIELD_NAMES, ARTICLE_FIELDS, TEXT_FIELD_NAMES, type ArticleFields, type ArticlePlace } from '../../../contract/article-fields.js';
import type { ArticlesTable, DB } from '../../db/schema.js';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * Where an article's fields live in `articles` (and `article_categories`), read from the fields'
 * one declaration: a text field in the column of its name, the place in location_name,
 * location_lat and location_lng, the text in `content` (with its plain text beside it, which the
 * caller derives), the categories in their own table.
 */
export const TEXT_FIELD_COLUMNS = TEXT_FIELD_NAMES;
const PLACE_COLUMNS = ['location_name', 'location_lat', 'location_lng'] as const;

type PlaceColumns = Pick<ArticlesTable, (typeof PLACE_COLUMNS)[number]>;

export function placeOfColumns(row: PlaceColumns): ArticlePlace | null {
  return row.location_name === null ? null : { name: row.location_name, lat: row.location_lat, lng: row.location_lng };
}

/** The `articles` columns that hold these fields (text and place; the caller writes content and categories). */
export function columnsOfFields(fields: Partial<ArticleFields>): Partial<Pick<ArticlesTable, (typeof TEXT_FIELD_COLUMNS)[number] | (typeof PLACE_COLUMNS)[number]>> {
  const columns: Record<string, unknown> = {};
  for (const name of ARTICLE_FIELD_NAMES) {
    const value = fields[name];
    if (value === undefined) continue;
    const kind = ARTICLE_FIELDS[name].kind;
    if (kind === 'text') columns[name] = value;
    else if (kind === 'place') {
      const place = value as ArticlePlace | null;
      columns.location_name = place?.name ?? null;
      columns.location_lat = place?.lat ?? null;
      columns.location_lng = place?.lng ?? null;
    }
  }
  return columns;
}

/** All the `articles` columns of an article's whole fields (an insert's). */
export function columnsOfAllFields(fields: ArticleFields): Pick<ArticlesTable, (typeof TEXT_FIELD_COLUMNS)[number] | (typeof PLACE_COLUMNS)[number]> {
  return columnsOfFields(fields) as Pick<ArticlesTable, (typeof TEXT_FIELD_COLUMNS)[number] | (typeof PLACE_COLUMNS)[number]>;
}

/** The article's fields as they stand (what a revision records and a pending edit starts from). */
export async function liveArticleFields(db: Executor, articleId: number): Promise<ArticleFields> {
  const row = await db
    .selectFrom('articles')
    .select([...TEXT_FIELD_COLUMNS, ...PLACE_COLUMNS, 'content'])
    .where('id', '=', articleId)
    .executeTakeFirstOrThrow();
  const categories = await db.selectFrom('article_categories').select('category_id').where('article_id', '=', articleId).orderBy('position').execute();
  const fields: Record<string, unknown> = {};
  for (const name of ARTICLE_FIELD_NAMES) {
    const kind = ARTICLE_FIELDS[name].kind;
    if (kind === 'text') fields[name] = (row as Record<string, unknown>)[name];
    else if (kind === 'html') fields[name] = row.content;
    else if (kind === 'categories') fields[name] = categories.map((c) => c.category_id);
    else fields[name] = placeOfColumns(row);
  }
  return fields as ArticleFields;
}
