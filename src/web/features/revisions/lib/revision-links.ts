/**
 * What the history page shows beside the list, kept in its address so a view can be linked to:
 * `?changes=N` (what revision N changed) or `?version=N` (revision N as it was saved).
 */
export type HistorySelection = { kind: 'changes' | 'version'; number: number };

/** The revision number a query parameter names, if it can be one. */
function revisionNumber(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}

/** The selection in a history address; without one, the changes of `newest`. */
export function selectionOf(search: URLSearchParams, newest: number | null): HistorySelection | null {
  const version = revisionNumber(search.get('version'));
  if (version !== null) return { kind: 'version', number: version };
  const changes = revisionNumber(search.get('changes'));
  if (changes !== null) return { kind: 'changes', number: changes };
  return newest === null ? null : { kind: 'changes', number: newest };
}

/** The query string of a selection, for links on the history page. */
export function selectionSearch(selection: HistorySelection): string {
  return `?${selection.kind}=${selection.number}`;
}
