/**
 * Shared en-US formatters (the product writes dates and numbers in their en-US forms, docs/product.md#card). `Date#toLocaleString` and its
 * kin build a new `Intl` formatter on every call, which was a tenth of a server render's time
 * (a page's render formats hundreds of dates); these are built once per set of options and reused.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** An en-US date formatter for these options (a time zone included), built once. */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) {
    // Throws a RangeError for an unknown time zone, as toLocaleString would; nothing is remembered then.
    format = new Intl.DateTimeFormat('en-US', options);
    // Options come from code, time zones from a validated cookie: the map stays small, but bound it anyway.
    if (dateFormats.size > 500) dateFormats.clear();
    dateFormats.set(key, format);
  }
  return format;
}

const countFormat = new Intl.NumberFormat('en-US');

/** A count with thousands separators, e.g. '12,345'. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}
