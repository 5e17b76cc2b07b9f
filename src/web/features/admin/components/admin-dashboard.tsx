import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ShieldIcon } from 'lucide-react';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SITE_NAME } from '@/lib/site';
import { AdminArticlesPanel } from './admin-articles-panel';
import { AdminChannelsPanel } from './admin-channels-panel';

type AdminTab = 'articles' | 'channels' | 'analytics';

/**
 * The admin dashboard (docs/product.md#admin): the product name, 'Admin Dashboard', the two tabs and a
 * closing note. The chosen tab lives in the URL (?tab=channels) so a reload keeps it. The page may
 * add a third tab, the site's analytics, composed in from its own feature.
 */
export function AdminDashboard({ analytics }: { analytics?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: AdminTab = asked === 'channels' ? 'channels' : asked === 'analytics' && analytics ? 'analytics' : 'articles';
  const selectTab = (value: string) =>
    setParams(value === 'articles' ? {} : { tab: value }, { replace: true, preventScrollReset: true });

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-end justify-between gap-4 border-b pb-6">
        <div>
          <p className="text-xs font-semibold tracking-[0.2em] text-muted-foreground uppercase">{SITE_NAME}</p>
          <h1 className="mt-2 font-serif text-4xl font-bold tracking-tight sm:text-5xl">Admin Dashboard</h1>
        </div>
        {/* Reports, suspensions and the log have their own page (docs/product.md#moderation). */}
        <Button asChild variant="outline">
          <Link to={paths.adminModeration}>
            <ShieldIcon aria-hidden="true" />
            Moderation
          </Link>
        </Button>
      </header>
      <Tabs value={tab} onValueChange={selectTab} className="mt-6">
        {/* Three sections do not fit a phone's width on one line: they wrap rather than widen the page. */}
        <TabsList aria-label="Admin sections" className="h-auto max-w-full flex-wrap justify-start">
          <TabsTrigger value="articles">Manage Articles</TabsTrigger>
          <TabsTrigger value="channels">Manage Channels</TabsTrigger>
          {analytics && <TabsTrigger value="analytics">Site Analytics</TabsTrigger>}
        </TabsList>
        <TabsContent value="articles">
          <AdminArticlesPanel />
        </TabsContent>
        <TabsContent value="channels">
          <AdminChannelsPanel />
        </TabsContent>
        {analytics && <TabsContent value="analytics">{analytics}</TabsContent>}
      </Tabs>
      <footer className="mt-10 border-t pt-4 text-sm text-muted-foreground">More admin tools will be added soon.</footer>
    </div>
  );
}
