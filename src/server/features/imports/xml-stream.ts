import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { Readable } from 'node:stream';
import { ImportFileError } from './source-records.js';

export interface XmlElement {
  /** The name with a well-known prefix for its namespace (`wp:post_id`, `content:encoded`), whatever prefix the file used. */
  name: string;
  attributes: Record<string, string>;
  /** Its text and CDATA when it holds no element of its own, else ''. */
  text: string;
  /** The line its start tag ended on, for messages. */
  line: number;
}

export interface XmlHandlers<T> {
  open?(element: XmlElement, path: readonly string[]): void;
  /** Called at each end tag; `path` holds the element's ancestors, outermost first. */
  close(element: XmlElement, path: readonly string[], emit: (record: T) => void): void;
}

/** Namespace URIs to the prefixes the readers name elements with, so `<x:post_id>` in WordPress's namespace reads as `wp:post_id`. */
function prefixFor(uri: string): string | null {
  if (uri === '') return '';
  if (/^https?:\/\/wordpress\.org\/export\/\d+\.\d+\/excerpt\/$/.test(uri)) return 'excerpt';
  if (/^https?:\/\/wordpress\.org\/export\/\d+\.\d+\/$/.test(uri)) return 'wp';
  if (uri === 'http://purl.org/rss/1.0/modules/content/') return 'content';
  if (uri === 'http://purl.org/dc/elements/1.1/') return 'dc';
  return null;
}

function nameOf(tag: SaxesTagNS): string {
  const prefix = prefixFor(tag.uri);
  if (prefix === null) return tag.prefix ? `${tag.prefix}:${tag.local}` : tag.local;
  return prefix ? `${prefix}:${tag.local}` : tag.local;
}

/**
 * A DOCTYPE that declares entities (the billion laughs) or points at an outside DTD (external
 * entities) is refused: saxes expands neither, but a file that relies on them cannot be read
 * right, and one that carries them was made to attack a parser.
 */
function refusesDoctype(doctype: string): boolean {
  return /<!ENTITY/i.test(doctype) || /\b(SYSTEM|PUBLIC)\b/.test(doctype);
}

/**
 * A copy of a string that holds nothing else alive. The text saxes hands over is cut from the chunk
 * being parsed, and V8 keeps a whole 64 KB chunk alive for every piece cut from it that is kept
 * (an attachment's address kept between passes, a record the job keeps): copied, each costs its
 * own length. Short strings are never cut that way.
 */
export function detached(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, 'utf8').toString('utf8');
}

/**
 * Streams an XML document through saxes (namespaces on, no entity but XML's five) and yields what
 * the handlers emit, chunk by chunk: memory holds one chunk and the element being read, however
 * large the file. A malformed document fails with the line saxes stopped at.
 */
export async function* readXml<T>(stream: Readable, fileName: string, handlers: XmlHandlers<T>): AsyncGenerator<T> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const queue: T[] = [];
  const emit = (record: T) => queue.push(record);
  const path: string[] = [];
  const open: XmlElement[] = [];
  let text = '';
  let hasChild = false;

  parser.on('error', (error) => {
    const match = /^(\d+):\d+: (.*)$/s.exec(error.message);
    throw new ImportFileError(`${fileName} line ${match?.[1] ?? parser.line}`, `the XML is malformed (${match?.[2] ?? error.message})`);
  });
  parser.on('doctype', (doctype) => {
    if (refusesDoctype(doctype)) {
      throw new ImportFileError(`${fileName} line ${parser.line}`, 'the file declares XML entities or an outside DTD, which an import refuses');
    }
  });
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) attributes[attribute.local] = attribute.value;
    const element: XmlElement = { name: nameOf(tag), attributes, text: '', line: parser.line };
    handlers.open?.(element, path);
    open.push(element);
    path.push(element.name);
    text = '';
    hasChild = false;
  });
  const onText = (chunk: string) => {
    text += chunk;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const element = open.pop()!;
    path.pop();
    element.text = hasChild ? '' : detached(text);
    text = '';
    hasChild = true;
    handlers.close(element, path, emit);
  });

  stream.setEncoding('utf8');
  for await (const chunk of stream) {
    parser.write(chunk as string);
    if (queue.length > 0) yield* queue.splice(0);
  }
  parser.close();
  if (queue.length > 0) yield* queue.splice(0);
}
