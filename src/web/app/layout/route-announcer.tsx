import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long a navigation may take to show its heading (a page loading its data shows a spinner first). */
const HEADING_WAIT_MS = 8000;

/**
 * After a client-side navigation to another page, moves focus to the new page's main heading and
 * announces it, as a full page load would for screen-reader and keyboard users. Changes of the
 * query string (the feed's filters) or the hash stay where they are, and so does the first load.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    let frame = 0;
    const deadline = performance.now() + HEADING_WAIT_MS;
    const settle = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) {
        if (performance.now() < deadline) frame = requestAnimationFrame(settle);
        return;
      }
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      setMessage(heading.textContent?.trim() || document.title);
    };
    frame = requestAnimationFrame(settle);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  return (
    <div data-testid="route-announcer" aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </div>
  );
}
