/**
 * From the first script until the app has hydrated, remembers the text of every field typed in, so
 * the app can give it back to the form (lib/early-input.ts, which names the same symbol and event;
 * boot.ts shares no module with the app, see vite.config.ts).
 */
export function recordTypedBeforeApp(): void {
  const typed = new WeakMap<EventTarget, string>();
  (globalThis as Record<symbol, unknown>)[Symbol.for('broadsheet.typed-before-app')] = typed;
  const record = (event: Event) => {
    const field = event.target;
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) typed.set(field, field.value);
  };
  document.addEventListener('input', record, true);
  document.addEventListener('broadsheet:hydrated', () => document.removeEventListener('input', record, true), { once: true });
}
