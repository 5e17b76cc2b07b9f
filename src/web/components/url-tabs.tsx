import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The chosen tab of a page with sections (staff, moderation) lives in the URL (?tab=log), so a
 * reload or a shared link keeps it; the first tab is the bare address.
 */
export function useUrlTab<Tab extends string>(tabs: readonly Tab[]): [Tab, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = tabs.find((candidate) => candidate === asked) ?? tabs[0]!;
  const select = (next: string) => setParams(next === tabs[0] ? {} : { tab: next }, { replace: true, preventScrollReset: true });
  return [tab, select];
}

/**
 * One tab's section. The tab shows the section's name; the heading, for screen readers, puts it
 * between the page's h1 and the h3 of each entry inside (a report, a ban, a member).
 */
export function TabSection({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4 pt-2">
      <h2 id={headingId} className="sr-only">
        {title}
      </h2>
      <p className="text-sm text-muted-foreground">{description}</p>
      {children}
    </section>
  );
}
