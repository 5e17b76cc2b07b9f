/**
 * Whether JSON text nests arrays or objects deeper than `max`, found in one pass that stops at
 * the first level too deep. JSON.parse has no depth limit, and a body of half a million `[` holds
 * the event loop for a quarter of a second before anything can refuse it; no JSON library we use
 * bounds depth either. Malformed text is left for the parser to refuse.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}
