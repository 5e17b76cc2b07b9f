import './styles.css';
import { PREFERENCE_COOKIES } from '@contract/pages';
import { readPreferenceCookie, writePreferenceCookie } from './lib/preference-cookies';
import { recordViewBeforeStart } from './features/articles/lib/view-before-start';

/**
 * The page's first script (index.html), and its only one before the reader acts or the first paint.
 * The page is readable from the server's HTML; the app (main.tsx: React, the router, the query
 * cache) only makes it interactive. It starts:
 *
 * - on a signed-out reader's reading page (<html data-boot="intent">: an article, the feed, Explore
 *   Channels, an author, a history), when the reader first acts: the pointer moved or pressed, a key, a
 *   touch, the wheel, the focus moved. A reader who only reads runs nothing but this file. A press on a
 *   button meanwhile is held and pressed again once the app has hydrated; links stay links, so
 *   following one before the app has started is a full page load
 *   (docs/decisions/050-the-app-starts-when-the-reader-acts.md);
 * - on every other page, after the first frame, so the app's files do not share a slow connection
 *   with the stylesheet, the font and the images that frame needs, and the first frame does not
 *   wait for the app to be parsed and run (docs/decisions/008-one-render-path.md).
 *
 * The stylesheet (which declares the fonts) is imported here so that Vite links them in index.html, where the
 * first paint needs them. The server lists the opened page's own chunks in <template id="page-modules">
 * (inert: nothing in a template is fetched); they are preloaded together with the app, so the page
 * module does not wait for the app to be loaded and run before it is asked for.
 */
function start() {
  const preloads = document.getElementById('page-modules');
  if (preloads instanceof HTMLTemplateElement) document.head.append(preloads.content.cloneNode(true));
  void import('./main');
}

/**
 * Calls `start` once the browser has painted the page's first content. A frame callback runs before
 * its frame is painted and a task queued from it may still run before the frame reaches the screen,
 * so the paint entry itself is awaited where the browser reports paints (all current ones do). A page
 * opened in a background tab paints nothing until shown, so it starts at once; and the app never
 * waits more than two seconds for a paint.
 */
function afterFirstPaint(start: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (document.visibilityState === 'hidden' || painted()) return once();
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      setTimeout(once, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(once, 0));
  }
  setTimeout(once, 2000);
}

/** What a reader does that says they are about to use the page, not only look at it. */
// Not 'scroll': a page scrolled by a script or restored by the browser is not the reader acting,
// and a reader's own scroll starts with a wheel, a touch or a key.
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'focusin', 'wheel'] as const;

/** Calls `start` at the reader's first act (capture phase, passive: the act itself goes on as usual). */
function onFirstIntent(start: () => void) {
  const once = () => {
    for (const type of INTENT_EVENTS) window.removeEventListener(type, once, true);
    start();
  };
  for (const type of INTENT_EVENTS) window.addEventListener(type, once, { capture: true, passive: true });
}

/**
 * What a press can land on that only the app makes work: buttons, and the links that stand in for
 * one of the app's buttons until it runs (a signed-out reader's Like is a link to sign in, and the
 * app's Like button in its place shows the sign-in prompt: components/app-button.tsx). Other links,
 * form fields and summaries work without the app.
 */
const NEEDS_THE_APP =
  'button, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="menuitem"], input[type="checkbox"], input[type="radio"], a[data-app-press]';

const hydrated = () => document.documentElement.dataset.hydrated !== undefined;

/** Where an element sits under #root, as the index of each element on the way down. */
function placeUnder(root: Element, element: Element): number[] {
  const place: number[] = [];
  for (let at = element; at !== root && at.parentElement; at = at.parentElement) place.unshift([...at.parentElement.children].indexOf(at));
  return place;
}

function elementAt(root: Element, place: number[]): Element | null {
  let at: Element | null = root;
  for (const index of place) at = at?.children[index] ?? null;
  return at;
}

/**
 * Until the app has hydrated, a press on a button does nothing of its own (no listener is there
 * yet; a submit button would post its form as a plain form, a stand-in link would leave the page):
 * it is stopped, and the last one is pressed again once the root layout marks <html
 * data-hydrated>. Hydration keeps the server's elements, so the press reaches the handler the
 * reader aimed at; a stand-in link the app has replaced with its button is found at the same place
 * with the same text, and a press whose element is gone is dropped rather than aimed elsewhere.
 */
function holdPressesUntilHydrated(root: HTMLElement) {
  let held: { element: Element; place: number[]; text: string | null } | null = null;
  const hold = (event: MouseEvent) => {
    if (hydrated() || event.button !== 0) return;
    const element = event.target instanceof Element ? event.target.closest(NEEDS_THE_APP) : null;
    if (!element || !root.contains(element)) return;
    // A link opened in another tab or window is the browser's to open.
    if (element instanceof HTMLAnchorElement && (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = { element, place: placeUnder(root, element), text: element.textContent };
  };
  window.addEventListener('click', hold, true);
  const observer = new MutationObserver(() => {
    if (!hydrated()) return;
    observer.disconnect();
    window.removeEventListener('click', hold, true);
    if (!held) return;
    const { element, place, text } = held;
    held = null;
    const press = () => {
      const now = element.isConnected ? element : elementAt(root, place);
      if (now instanceof HTMLElement && now.matches(NEEDS_THE_APP) && now.textContent === text) now.click();
    };
    if (!element.matches('a[data-app-press]') || !element.isConnected) return press();
    // The app puts its button in the stand-in's place in the render right after hydrating.
    const replaced = new MutationObserver(() => {
      if (element.isConnected) return;
      replaced.disconnect();
      clearTimeout(giveUp);
      press();
    });
    replaced.observe(root, { childList: true, subtree: true });
    // Not replaced after all: the link does what it says, sign in.
    const giveUp = setTimeout(() => {
      replaced.disconnect();
      press();
    }, 2000);
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
}

/**
 * Tells the server, for the next page, the time zone to print dates in. Answers whether this page
 * was printed in another zone than the reader's (a first visit is printed in UTC): then the app,
 * which prints them in the reader's own, is not left waiting for an act.
 */
function rememberTimeZone(): boolean {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return false;
  const printedIn = readPreferenceCookie(PREFERENCE_COOKIES.timeZone) ?? 'UTC';
  if (printedIn !== zone) writePreferenceCookie(PREFERENCE_COOKIES.timeZone, zone);
  return printedIn !== zone && !(alwaysUtc(printedIn) && alwaysUtc(zone));
}

/** A zone at UTC's offset in January and in July ('Etc/UTC', 'GMT', 'Atlantic/Reykjavik') prints today's dates as UTC does. */
function alwaysUtc(zone: string): boolean {
  try {
    const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    const year = new Date().getUTCFullYear();
    return [0, 6].every((month) => offset.formatToParts(Date.UTC(year, month, 1)).find((part) => part.type === 'timeZoneName')?.value === 'GMT');
  } catch {
    return false;
  }
}

const zoneDiffers = rememberTimeZone();
if (document.documentElement.dataset.boot === 'intent') {
  const viewed = Number(document.querySelector<HTMLElement>('[data-article-view]')?.dataset.articleView);
  if (Number.isInteger(viewed) && viewed > 0) recordViewBeforeStart(viewed);
  const root = document.getElementById('root');
  if (root) holdPressesUntilHydrated(root);
  if (zoneDiffers) afterFirstPaint(start);
  else onFirstIntent(start);
} else {
  afterFirstPaint(start);
}
