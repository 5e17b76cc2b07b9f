import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { cn } from '@/lib/utils';

/** A navigation quicker than this shows nothing: a bar that flashes for a fast page is noise. */
const SHOW_AFTER_MS = 150;

/**
 * A thin bar across the top while the next page loads (its module and its loader's data): the
 * page being left stays on screen meanwhile, so without it a slow connection looks like a dead
 * link. It takes no clicks: links keep working, and a newer navigation replaces the one under way.
 */
export function NavigationProgress() {
  const { state } = useNavigation();
  const busy = state !== 'idle';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  return (
    <div
      role="progressbar"
      aria-label="Loading the page"
      aria-hidden={shown ? undefined : true}
      data-testid="navigation-progress"
      data-state={shown ? 'loading' : 'idle'}
      className={cn(
        'pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden transition-opacity duration-200',
        shown ? 'opacity-100' : 'opacity-0',
      )}
    >
      <div className="h-full w-1/3 animate-[navigation-progress_1.2s_ease-in-out_infinite] bg-primary motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
