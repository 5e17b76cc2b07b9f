/** The id of the JSON block the server writes into every page's <head> (see app/bootstrap.ts). */
const BOOTSTRAP_ELEMENT_ID = 'bootstrap-data';

const taken = new Set<string>();

/**
 * One part of the server's bootstrap block (e.g. the first page of a list it painted), handed out
 * once: it describes the page as first served, so a later visit in the same tab fetches afresh.
 * A part without the expected shape is ignored (our own server wrote it; a shape check is enough).
 */
export function takeBootstrapPart<T>(key: string, isExpected: (value: unknown) => value is T): T | undefined {
  if (taken.has(key) || typeof document === 'undefined') return undefined;
  const value = parseBootstrapPart(document.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent, key, isExpected);
  if (value !== undefined) taken.add(key);
  return value;
}

/** One part of the bootstrap block's text, when it has the expected shape. */
export function parseBootstrapPart<T>(text: string | null | undefined, key: string, isExpected: (value: unknown) => value is T): T | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    const raw = JSON.parse(text) as unknown;
    value = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[key] : undefined;
  } catch {
    return undefined;
  }
  return isExpected(value) ? value : undefined;
}
