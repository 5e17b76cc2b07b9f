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
  const text = document.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  let value: unknown;
  try {
    value = (JSON.parse(text) as Record<string, unknown> | null)?.[key];
  } catch {
    return undefined;
  }
  if (!isExpected(value)) return undefined;
  taken.add(key);
  return value;
}
