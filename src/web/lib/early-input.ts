/**
 * Text typed into a server-rendered form before the app has started.
 *
 * The page is readable, and its fields typeable, from the server's HTML; boot.ts starts the app
 * after the first paint, a second or more later on a slow phone. React keeps what was typed while
 * it hydrates, but the form's state does not hold it: the next render of a controlled field, or
 * react-hook-form registering its field, put the server's value back, and the typing was lost.
 * boot.ts records each field's typed text (boot-recorder.ts: boot.ts shares no module with the
 * app, which would pull the app into its chunk, hence a registry on a global symbol); each Form
 * hands the text to its fields as soon as it is hydrated, as if it were typed then, so the form's
 * state and its checks see it.
 */
// The registry and the event that ends the recording, as boot-recorder.ts names them.
const TYPED_BEFORE_APP = Symbol.for('broadsheet.typed-before-app');
const HYDRATED_EVENT = 'broadsheet:hydrated';

type TextField = HTMLInputElement | HTMLTextAreaElement;
type Registry = WeakMap<TextField, string>;

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

function isTextField(target: EventTarget | null): target is TextField {
  return target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type));
}

function registry(): Registry | undefined {
  return (globalThis as Record<symbol, Registry | undefined>)[TYPED_BEFORE_APP];
}

/** The root layout, once hydrated: later typing reaches the forms the normal way. */
export function stopRecordingTypedBeforeApp(): void {
  document.dispatchEvent(new Event(HYDRATED_EVENT));
}

/**
 * Gives each field inside `container` the text typed into it before the app started, through the
 * same input event the browser sends when someone types: React's onChange and react-hook-form see a
 * change only when the value differs from the one they last knew, so the field is first set (through
 * React's own tracking setter) to a different value, then to the typed text past that tracking.
 */
export function replayTypedBeforeApp(container: HTMLElement): void {
  const typed = registry();
  if (!typed) return;
  for (const field of container.querySelectorAll('input, textarea')) {
    if (!isTextField(field)) continue;
    const text = typed.get(field);
    if (text === undefined) continue;
    typed.delete(field);
    const nativeSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
    if (!nativeSetter) continue;
    field.value = text === '' ? ' ' : '';
    nativeSetter.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
