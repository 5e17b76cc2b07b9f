import { badRequest } from './errors.js';

/**
 * Keyset cursors: the last row's sort value and id, base64url JSON. Opaque to clients; anything
 * that does not decode to that shape is a 400, never a 500.
 */
export function encodeCursor(value: number | string, id: number): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

export function decodeCursor(cursor: string): { value: number; id: number } {
  const { value, id } = decodeCursorOf(cursor, 'number');
  return { value: value as number, id };
}

/** A cursor whose sort value is a number or, for an order by text (titles), a string. */
export function decodeCursorOf(cursor: string, kind: 'number' | 'text'): { value: number | string; id: number } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && Number.isSafeInteger(parsed[1])) {
      const value: unknown = parsed[0];
      if (kind === 'number' && typeof value === 'number' && Number.isFinite(value)) return { value, id: parsed[1] };
      if (kind === 'text' && typeof value === 'string' && value.length <= 1000) return { value, id: parsed[1] };
    }
  } catch {
    // fall through
  }
  throw badRequest('cursor is invalid');
}

/** Escapes LIKE wildcards so a search for '50%' means the text '50%'. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
