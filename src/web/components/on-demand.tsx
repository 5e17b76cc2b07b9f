import { Suspense, useState, type ReactElement, type ReactNode } from 'react';
import { Slot } from 'radix-ui';

/**
 * A menu, sheet or dialog whose code (Radix with its positioning, focus-trap and scroll-lock code)
 * downloads only when the reader reaches for it, so it stays out of the page's first load
 * (docs/performance.md, "Front end").
 *
 * Until then only `trigger` renders: the control's own button, looking and reading the same.
 * Pointing at it or focusing it starts the download; pressing it renders `render(trigger)`, the real
 * control (a React.lazy component) built around that same button and opened, which then stays.
 * While the chunk downloads the button keeps showing.
 */
export function OnDemand({
  preload,
  trigger,
  render,
}: {
  /** The dynamic import behind the lazy component, to start it early. */
  preload: () => Promise<unknown>;
  trigger: ReactElement;
  /** The real control, opened: `(trigger) => <LazyMenu trigger={trigger} defaultOpen />`. */
  render: (trigger: ReactElement) => ReactNode;
}) {
  const [wanted, setWanted] = useState(false);
  if (wanted) return <Suspense fallback={trigger}>{render(trigger)}</Suspense>;
  const warm = () => void preload().catch(() => undefined);
  return (
    <Slot.Root onPointerEnter={warm} onFocus={warm} onClick={() => setWanted(true)}>
      {trigger}
    </Slot.Root>
  );
}

/**
 * A dialog or toast area shown by state (not by a trigger of its own) whose code downloads the
 * first time it opens; it then stays mounted so it can animate closed.
 */
export function LoadOnFirstOpen({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
