import { CURSOR_POSITIONS, type CursorKind } from '../../contract/pagination.js';
import { badRequest } from './errors.js';

/**
 * Keyset cursors: the last row's sort value and id, base64url JSON. Opaque to clients; anything
 * that does not decode to the sort column's shape (contract/pagination.ts) is a 400, never a 500.
 */
export function encodeCursor(value: number | string, id: number): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

export function decodeCursor(cursor: string, kind: 'time' | 'count'): { value: number; id: number };
export function decodeCursor(cursor: string, kind: CursorKind): { value: number | string; id: number };
export function decodeCursor(cursor: string, kind: CursorKind): { value: number | string; id: number } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('cursor is invalid');
  }
  const position = CURSOR_POSITIONS[kind].safeParse(parsed);
  if (!position.success) throw badRequest('cursor is invalid');
  const [value, id] = position.data;
  return { value, id };
}

/** Escapes LIKE wildcards so a search for '50%' means the text '50%'. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
