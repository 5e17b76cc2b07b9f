import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';

/**
 * The tree to a string, once everything in it has loaded (lazy components included). A prerender
 * writes every Suspense boundary in place: none is left to an inline script (which the
 * Content-Security-Policy forbids), so the browser hydrates exactly what it was sent.
 */
export async function prerenderToHtml(tree: () => ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(tree(), {
    // Never outline a large boundary to be moved in by script (React does above this many bytes).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      // A component that throws while rendering on the server is a bug; the error boundary shows it.
      console.error(error);
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Where a boundary could not finish on the server and was left to the browser. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * The same markup, faster when nothing has to wait. `renderToString` builds one string where a
 * prerender encodes many small chunks through a stream (a third of a feed page's render). It
 * cannot wait: a lazy component seen for the first time, or a component that throws, leaves its
 * boundary to the browser (or throws). Such a render is dropped and the prerender does it
 * properly, which also settles every lazy component it meets, so later renders of that page
 * take the fast path.
 */
export async function renderToHtml(tree: () => ReactNode): Promise<string> {
  try {
    const html = renderToString(tree());
    if (!html.includes(CLIENT_RENDERED_BOUNDARY)) return html;
  } catch {
    // Suspended outside any boundary: the prerender waits for it.
  }
  return prerenderToHtml(tree);
}
