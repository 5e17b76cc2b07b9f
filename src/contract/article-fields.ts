import { z } from 'zod';
import { LIMITS } from './limits.js';
import { stripHtml, withoutXmlForbidden } from './text.js';

/**
 * The fields a writer edits, declared once. Everything that carries an edit derives from this
 * list: the editor's form values, autosave's changed fields, the check for unsent work, the
 * preview, the pending edit and revision snapshots, restore, and the history's changes. A field
 * added here flows through all of them; docs/adding-a-field.md lists the few places that show it.
 *
 * Kinds say how a field is stored, compared and shown:
 * - `text`: plain text in a column of the same name, answered under its name, compared as typed,
 *   and shown in the history's changes as before and after;
 * - `html`: the article's body, sanitized on the server, compared word by word in the history;
 * - `categories`: category ids in the writer's order (names are resolved when answered);
 * - `place`: a named place with optional coordinates (location_name, location_lat, location_lng
 *   on the wire and in the database).
 */
export type ArticleFieldKind = 'text' | 'html' | 'categories' | 'place';

/** A subtitle (the standfirst under the title): plain text, with a counter in the editor from 250. */
export const SUBTITLE_MAX = 300;
export const SUBTITLE_COUNTER_FROM = 250;

export const ARTICLE_FIELD_MESSAGES = {
  subtitleTooLong: `Subtitle must be at most ${SUBTITLE_MAX} characters`,
  tooManyCategories: `Choose at most ${LIMITS.categoriesPerArticle} categories`,
  locationTooLong: 'Location must be at most 200 characters',
} as const;

/** A place as an edit holds it. */
export const ArticlePlaceSchema = z.object({ name: z.string(), lat: z.number().nullable(), lng: z.number().nullable() });
export type ArticlePlace = z.infer<typeof ArticlePlaceSchema>;

/**
 * Categories arrive as ids (numbers or numeric strings); 'no-categories' and other non-numeric ids
 * are left out (docs/product.md#writing). More than three is an error, not a silent cut.
 */
export const CategoryIdsInputSchema = z
  .array(z.union([z.number(), z.string()]))
  .max(20, ARTICLE_FIELD_MESSAGES.tooManyCategories)
  .transform((ids) => [...new Set(ids.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))])
  .pipe(z.array(z.number()).max(LIMITS.categoriesPerArticle, ARTICLE_FIELD_MESSAGES.tooManyCategories));

const placeName = z.string().trim().max(200, ARTICLE_FIELD_MESSAGES.locationTooLong);

interface FieldSpec<T, K extends ArticleFieldKind = ArticleFieldKind, I extends z.ZodRawShape = z.ZodRawShape> {
  kind: K;
  /** How the history's changes name it. */
  label: string;
  /** Its value in a snapshot (a pending edit, a revision) and in the form. */
  value: z.ZodType<T>;
  /** A new article's value, and what an older snapshot reads that was taken before the field existed. */
  empty: T;
  /**
   * What an edit may send for it (autosave, create, update), by body key: each within the limits
   * of an edit, optional. Create and update tighten the title and the text.
   */
  input: I;
}

const field = <T, K extends ArticleFieldKind, I extends z.ZodRawShape>(spec: FieldSpec<T, K, I>) => spec;

export const ARTICLE_FIELDS = {
  title: field({
    kind: 'text',
    label: 'Title',
    value: z.string(),
    empty: '',
    input: {
      title: z
        .string({ error: 'title must be text' })
        // Kept out of titles, not refused: a pasted control character would break the RSS feeds.
        .overwrite(withoutXmlForbidden)
        .max(LIMITS.titleMax, `Title must be at most ${LIMITS.titleMax} characters`)
        .optional(),
    },
  }),
  subtitle: field({
    kind: 'text',
    label: 'Subtitle',
    value: z.string().nullable(),
    empty: null as string | null,
    input: {
      subtitle: z
        .string({ error: 'subtitle must be text' })
        // Plain text: markup pasted into it is stripped, not refused; empty is none.
        .overwrite((text) => stripHtml(withoutXmlForbidden(text)))
        .max(SUBTITLE_MAX, ARTICLE_FIELD_MESSAGES.subtitleTooLong)
        .transform((text) => text || null)
        .nullish(),
    },
  }),
  content: field({
    kind: 'html',
    label: 'Text',
    value: z.string(),
    empty: '',
    input: {
      content: z
        .string({ error: 'content must be text' })
        .refine((html) => new TextEncoder().encode(html).length <= LIMITS.articleHtmlMaxBytes, {
          message: `Content must be at most ${LIMITS.articleHtmlMaxBytes / 1024} KB`,
        })
        .optional(),
    },
  }),
  categoryIds: field({
    kind: 'categories',
    label: 'Categories',
    value: z.array(z.number().int()),
    empty: [] as number[],
    input: { categoryIds: CategoryIdsInputSchema.optional() },
  }),
  location: field({
    kind: 'place',
    label: 'Location',
    value: ArticlePlaceSchema.nullable(),
    empty: null as ArticlePlace | null,
    input: {
      location_name: placeName.nullish(),
      location_lat: z.number().min(-90).max(90).nullish(),
      location_lng: z.number().min(-180).max(180).nullish(),
    },
  }),
};

type Specs = typeof ARTICLE_FIELDS;
export type ArticleFieldName = keyof Specs;
export type ArticleFields = { [K in ArticleFieldName]: Specs[K]['empty'] };
export type TextFieldName = { [K in ArticleFieldName]: Specs[K]['kind'] extends 'text' ? K : never }[ArticleFieldName];

export const ARTICLE_FIELD_NAMES = Object.keys(ARTICLE_FIELDS) as ArticleFieldName[];
export const TEXT_FIELD_NAMES = ARTICLE_FIELD_NAMES.filter((name) => ARTICLE_FIELDS[name].kind === 'text') as TextFieldName[];

const entries = <T>(build: (name: ArticleFieldName) => [string, T][]) => Object.fromEntries(ARTICLE_FIELD_NAMES.flatMap(build));

/** A new article's fields. */
export const EMPTY_ARTICLE_FIELDS = entries((name) => [[name, ARTICLE_FIELDS[name].empty]]) as ArticleFields;

/**
 * A snapshot as stored (JSON). A field the snapshot predates reads as empty; one it holds in an
 * unreadable shape also reads as empty, so an old row never breaks a page.
 */
export const ArticleFieldsSchema = z.object(
  entries((name) => [[name, (ARTICLE_FIELDS[name].value as z.ZodType).catch(ARTICLE_FIELDS[name].empty)]]) as unknown as {
    [K in ArticleFieldName]: z.ZodType<ArticleFields[K]>;
  },
);

export function readArticleFields(stored: unknown): ArticleFields {
  const parsed = ArticleFieldsSchema.safeParse(stored ?? {});
  return parsed.success ? (parsed.data as ArticleFields) : { ...EMPTY_ARTICLE_FIELDS };
}

/** What an edit may send, by body key, for every field (optional, an edit's limits). */
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type FieldInputs = Intersection<Specs[ArticleFieldName]['input']>;
export const ARTICLE_FIELD_INPUTS = Object.assign({}, ...ARTICLE_FIELD_NAMES.map((name) => ARTICLE_FIELDS[name].input)) as FieldInputs;

/** The text fields as answers carry them, under their names. */
export const TEXT_FIELD_ANSWERS = entries((name) => (ARTICLE_FIELDS[name].kind === 'text' ? [[name, ARTICLE_FIELDS[name].value]] : [])) as {
  [K in TextFieldName]: z.ZodType<ArticleFields[K], ArticleFields[K]>;
};

/** An edit's body keys for some fields (autosave, create, update all speak it). */
export interface ArticleFieldsBody {
  categoryIds?: number[];
  location_name?: string | null;
  location_lat?: number | null;
  location_lng?: number | null;
  [key: string]: unknown;
}

/** The body an edit sends for these fields. */
export function fieldsToBody(fields: Partial<ArticleFields>): ArticleFieldsBody {
  const body: ArticleFieldsBody = {};
  for (const name of ARTICLE_FIELD_NAMES) {
    if (!(name in fields) || fields[name] === undefined) continue;
    const value = fields[name];
    if (ARTICLE_FIELDS[name].kind === 'place') {
      const place = value as ArticlePlace | null;
      body.location_name = place?.name ?? null;
      body.location_lat = place?.lat ?? null;
      body.location_lng = place?.lng ?? null;
    } else (body as Record<string, unknown>)[name] = value;
  }
  return body;
}

/** The fields an edit's (parsed) body sends; a field it leaves out is left out. Text is kept as sent. */
export function fieldsFromBody(body: Record<string, unknown>): Partial<ArticleFields> {
  const fields: Record<string, unknown> = {};
  for (const name of ARTICLE_FIELD_NAMES) {
    if (ARTICLE_FIELDS[name].kind === 'place') {
      if (body.location_name === undefined && body.location_lat === undefined && body.location_lng === undefined) continue;
      const placeNamed = typeof body.location_name === 'string' ? body.location_name.trim() : '';
      fields[name] = placeNamed
        ? { name: placeNamed, lat: (body.location_lat as number | null | undefined) ?? null, lng: (body.location_lng as number | null | undefined) ?? null }
        : null;
    } else if (body[name] !== undefined) fields[name] = body[name];
  }
  return fields as Partial<ArticleFields>;
}

const withoutEmptyParagraphs = (html: string) => html.replace(/<p>\s*<\/p>/g, '').trim();

/**
 * Whether two values of a field differ. `exact` is what a save compares (anything the server
 * would store differently); `work` is what a writer would call a change of theirs: spaces around
 * a title, empty paragraphs and a place's coordinates alone are not.
 */
export function fieldDiffers(name: ArticleFieldName, a: unknown, b: unknown, how: 'exact' | 'work'): boolean {
  const kind = ARTICLE_FIELDS[name].kind;
  if (kind === 'text') {
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return how === 'work' ? text(a).trim() !== text(b).trim() : text(a) !== text(b);
  }
  if (kind === 'html') return how === 'work' ? withoutEmptyParagraphs(String(a)) !== withoutEmptyParagraphs(String(b)) : a !== b;
  if (kind === 'categories') return (a as number[]).join() !== (b as number[]).join();
  const place = (v: unknown) => {
    const p = v as ArticlePlace | null;
    return how === 'work' ? (p?.name ?? '') : `${p?.name ?? ''}|${p?.lat ?? ''}|${p?.lng ?? ''}`;
  };
  return place(a) !== place(b);
}

/** The names of the fields that differ between two versions, in declaration order. */
export function changedFieldNames(a: ArticleFields, b: ArticleFields, how: 'exact' | 'work'): ArticleFieldName[] {
  return ARTICLE_FIELD_NAMES.filter((name) => fieldDiffers(name, a[name], b[name], how));
}

/** `now`'s values of the fields that differ from `base` (what an autosave sends). */
export function changedFields(base: ArticleFields, now: ArticleFields): Partial<ArticleFields> {
  return Object.fromEntries(changedFieldNames(base, now, 'exact').map((name) => [name, now[name]])) as Partial<ArticleFields>;
}

/** Picks the fields out of anything that holds them under their names (an answer, form values). */
export function pickArticleFields<T extends Partial<ArticleFields>>(source: T): Partial<ArticleFields> {
  return Object.fromEntries(ARTICLE_FIELD_NAMES.filter((name) => source[name] !== undefined).map((name) => [name, source[name]])) as Partial<ArticleFields>;
}

/** The text fields of anything that holds them under their names (a row, a snapshot), as answers carry them. */
export function pickTextFields(source: object): { [K in TextFieldName]: ArticleFields[K] } {
  const record = source as Record<string, unknown>;
  return Object.fromEntries(TEXT_FIELD_NAMES.map((name) => [name, record[name] ?? ARTICLE_FIELDS[name].empty])) as { [K in TextFieldName]: ArticleFields[K] };
}
