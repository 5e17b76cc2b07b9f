// Ghost's mobiledoc renderer ships no typings; this is the part ghost-renderers.ts uses, as its
// source (lib/MobiledocHtmlRenderer.js) and mobiledoc-dom-renderer's README describe it.
declare module '@tryghost/kg-mobiledoc-html-renderer' {
  export interface MobiledocDom {
    createElement(name: string): MobiledocElement;
    createTextNode(text: string): unknown;
    createRawHTMLSection(html: string): unknown;
  }
  export interface MobiledocElement {
    setAttribute(name: string, value: string): void;
    appendChild(child: unknown): void;
  }
  export interface MobiledocCard {
    name: string;
    type: 'dom';
    render(context: { payload: Record<string, unknown>; env: { dom: MobiledocDom } }): unknown;
  }
  export default class MobiledocHtmlRenderer {
    constructor(options?: { cards?: MobiledocCard[]; atoms?: unknown[]; unknownCardHandler?: (context: { env: { name: string } }) => void });
    render(mobiledoc: unknown, cardOptions?: Record<string, unknown>): string;
  }
}
