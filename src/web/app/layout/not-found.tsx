import { Link } from 'react-router';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';

/** The not-found page (docs/product.md#pages): any path the router does not know, or a thing a loader did not find. */
export function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <DocumentTitle title={pageTitle('Page not found')} />
      <h1 className="font-serif text-4xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="mt-4 text-muted-foreground">Did you forget to add the page to the router?</p>
      <Button asChild variant="outline" className="mt-8">
        <Link to={paths.home}>Back to home</Link>
      </Button>
    </div>
  );
}
