/**
 * JSON Feed version 1.1 (https://www.jsonfeed.org/version/1.1/) as a JSON Schema (draft-07, Ajv's own),
 * written from the specification: every member it names, with its type and whether it is
 * required. Extensions are members whose names begin with an underscore; any other member the
 * specification does not name is refused, so a feed cannot carry what no reader knows.
 */

/** URLs in a feed are absolute: a reader resolves nothing against the feed's own address. */
const url = { type: 'string', pattern: '^https?://[^\\s]+$' } as const;
/** RFC 3339, as the specification asks for dates. */
const date = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$' } as const;

/** An author: every member optional, but an author object names at least one of them. */
const author = {
  type: 'object',
  properties: { name: { type: 'string' }, url, avatar: url },
  patternProperties: { '^_': {} },
  additionalProperties: false,
  minProperties: 1,
} as const;

const attachment = {
  type: 'object',
  required: ['url', 'mime_type'],
  properties: {
    url,
    mime_type: { type: 'string' },
    title: { type: 'string' },
    size_in_bytes: { type: 'number' },
    duration_in_seconds: { type: 'number' },
  },
  patternProperties: { '^_': {} },
  additionalProperties: false,
} as const;

const item = {
  type: 'object',
  required: ['id'],
  // An item has content_html, content_text or both.
  anyOf: [{ required: ['content_html'] }, { required: ['content_text'] }],
  properties: {
    // 1.1: the id is a string, unique within the feed and unchanging.
    id: { type: 'string', minLength: 1 },
    url,
    external_url: url,
    title: { type: 'string' },
    content_html: { type: 'string' },
    content_text: { type: 'string' },
    summary: { type: 'string' },
    image: url,
    banner_image: url,
    date_published: date,
    date_modified: date,
    authors: { type: 'array', items: author },
    // Deprecated in 1.1 in favour of `authors`, still valid.
    author,
    tags: { type: 'array', items: { type: 'string' } },
    language: { type: 'string' },
    attachments: { type: 'array', items: attachment },
  },
  patternProperties: { '^_': {} },
  additionalProperties: false,
} as const;

export const JSON_FEED_1_1_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://www.jsonfeed.org/version/1.1/',
  type: 'object',
  required: ['version', 'title', 'items'],
  properties: {
    version: { const: 'https://jsonfeed.org/version/1.1' },
    title: { type: 'string' },
    home_page_url: url,
    feed_url: url,
    description: { type: 'string' },
    user_comment: { type: 'string' },
    next_url: url,
    icon: url,
    favicon: url,
    authors: { type: 'array', items: author },
    author,
    language: { type: 'string' },
    expired: { type: 'boolean' },
    hubs: {
      type: 'array',
      items: { type: 'object', required: ['type', 'url'], properties: { type: { type: 'string' }, url }, additionalProperties: false },
    },
    items: { type: 'array', items: item },
  },
  patternProperties: { '^_': {} },
  additionalProperties: false,
} as const;
