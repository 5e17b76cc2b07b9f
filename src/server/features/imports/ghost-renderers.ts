import { createRequire } from 'node:module';
import type { LexicalHTMLRenderer as LexicalRenderer } from '@tryghost/kg-lexical-html-renderer';
import { render as renderMarkdown } from '@tryghost/kg-markdown-html-renderer';
import MobiledocHtmlRenderer, { type MobiledocCard } from '@tryghost/kg-mobiledoc-html-renderer';

/**
 * A Ghost post's body from its editor document, rendered by Ghost's own renderers, for the posts
 * an export gives without `html`. Lexical (Ghost 5+) brings all of Ghost's cards with it. The
 * mobiledoc renderer (Ghost 1–4) takes its cards from the caller: Ghost's card package pulls in a
 * template engine and a CSS inliner for its emails, so the cards that carry a post's words and
 * pictures are given here, and any other card is reported so nothing vanishes unsaid.
 */

let lexical: LexicalRenderer | null = null;
let lexicalError: Error | null = null;

/**
 * Renders a Lexical state with Ghost's nodes (its cards), as Ghost itself does. Both packages are
 * loaded with require, as the renderer's README shows: their ESM builds import named exports from
 * Lexical's CommonJS package, which Node's ESM loader cannot see, so only the CommonJS builds load.
 */
export async function renderLexical(state: string): Promise<string> {
  if (!lexical) {
    const require = createRequire(import.meta.url);
    const { LexicalHTMLRenderer } = require('@tryghost/kg-lexical-html-renderer') as typeof import('@tryghost/kg-lexical-html-renderer');
    const { DEFAULT_NODES } = require('@tryghost/kg-default-nodes') as typeof import('@tryghost/kg-default-nodes');
    // Ghost passes these same nodes; the two packages' typings disagree on one replacement-node entry.
    const nodes = DEFAULT_NODES as unknown as NonNullable<ConstructorParameters<typeof LexicalHTMLRenderer>[0]>['nodes'];
    lexical = new LexicalHTMLRenderer({ nodes, onError: (error) => (lexicalError ??= error) });
  }
  lexicalError = null;
  const html = await lexical.render(state, { target: 'html' });
  // Lexical reports a state it cannot read to onError and renders nothing; say so instead.
  if (lexicalError) throw lexicalError;
  return html;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const MOBILEDOC_CARDS: MobiledocCard[] = [
  { name: 'html', type: 'dom', render: ({ payload, env }) => env.dom.createRawHTMLSection(text(payload.html)) },
  { name: 'markdown', type: 'dom', render: ({ payload, env }) => env.dom.createRawHTMLSection(renderMarkdown(text(payload.markdown))) },
  { name: 'embed', type: 'dom', render: ({ payload, env }) => env.dom.createRawHTMLSection(text(payload.html)) },
  { name: 'hr', type: 'dom', render: ({ env }) => env.dom.createElement('hr') },
  {
    name: 'code',
    type: 'dom',
    render: ({ payload, env }) => {
      const pre = env.dom.createElement('pre');
      const code = env.dom.createElement('code');
      code.appendChild(env.dom.createTextNode(text(payload.code)));
      pre.appendChild(code);
      return pre;
    },
  },
  {
    name: 'image',
    type: 'dom',
    render: ({ payload, env }) => {
      const figure = env.dom.createElement('figure');
      const image = env.dom.createElement('img');
      image.setAttribute('src', text(payload.src));
      if (text(payload.alt)) image.setAttribute('alt', text(payload.alt));
      figure.appendChild(image);
      if (text(payload.caption)) {
        const caption = env.dom.createElement('figcaption');
        caption.appendChild(env.dom.createRawHTMLSection(text(payload.caption)));
        figure.appendChild(caption);
      }
      return figure;
    },
  },
];

/** Renders a mobiledoc document; `unknown` hears of each card this renderer does not have. */
export function renderMobiledoc(document: unknown, unknown: (card: string) => void): string {
  const renderer = new MobiledocHtmlRenderer({
    cards: MOBILEDOC_CARDS,
    // Whatever the handler returns is rendered in the card's place: it must return nothing.
    unknownCardHandler: ({ env }) => {
      unknown(env.name);
    },
  });
  return renderer.render(document);
}

export { renderMarkdown };
