import './styles.css';

/**
 * The page's first script (index.html), and its only one before the first paint. The page is
 * readable from the server's HTML; the app (main.tsx: React, the router, the query cache) only
 * makes it interactive. Started after the first frame, the app's 100 KB no longer share a slow
 * connection with the stylesheet, the font and the article's images that frame needs, and the
 * first frame does not wait for the app to be parsed and run (docs/decisions/008-one-render-path.md).
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

afterFirstPaint(start);
