import '@fontsource-variable/newsreader';
import './styles.css';

/**
 * The page's first script (index.html), and its only one before the first paint. The page is
 * readable from the server's HTML; the app (main.tsx: React, the router, the query cache) only
 * makes it interactive. Started after the first frame, the app's 100 KB no longer share a slow
 * connection with the stylesheet, the font and the article's images that frame needs, and the
 * first frame does not wait for the app to be parsed and run (docs/decisions/008-one-render-path.md).
 *
 * The stylesheet and the font are imported here so that Vite links them in index.html, where the
 * first paint needs them. The server lists the opened page's own chunks in <template id="page-modules">
 * (inert: nothing in a template is fetched); they are preloaded together with the app, so the page
 * module does not wait for the app to be loaded and run before it is asked for.
 */
function start() {
  const preloads = document.getElementById('page-modules');
  if (preloads instanceof HTMLTemplateElement) document.head.append(preloads.content.cloneNode(true));
  void import('./main');
}

// A frame callback runs before the frame is painted, a task it queues runs after. A page opened in a
// background tab paints no frame until it is shown, so it starts at once.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
