import { createContext, useContext, useEffect } from 'react';

/** Filled while the server renders: the title of the page, for <head> (see entry-server.tsx). */
export interface HeadCollector {
  title?: string;
}
export const HeadCollectorContext = createContext<HeadCollector | null>(null);

/**
 * The document's title. The server puts it in <head> (the innermost title rendered wins, so a page's
 * own title beats the layout's); in the browser it is set after each render. (A <title> element in
 * the tree would be emitted inside #root by the server render.)
 */
export function DocumentTitle({ title }: { title: string }) {
  const collector = useContext(HeadCollectorContext);
  if (collector) collector.title = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
