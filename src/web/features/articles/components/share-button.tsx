import { ShareIcon } from 'lucide-react';
import { OnDemand } from '@/components/on-demand';
import { Button } from '@/components/ui/button';
import { absoluteUrl } from '../lib/share';
import { lazyWithRetry } from '@/lib/chunk-retry';

const loadShareMenu = () => import('./share-menu');
const ShareMenu = lazyWithRetry(loadShareMenu);

/**
 * The article's Share button; its menu ('Copy link', 'Share post via...') loads on first use. The
 * absolute URL is made then, in the browser, from the page's own origin.
 */
export function ShareButton({ path, title, text }: { path: string; title: string; text: string }) {
  const trigger = (
    <Button variant="outline" size="sm" aria-haspopup="menu">
      <ShareIcon aria-hidden="true" />
      Share
    </Button>
  );
  return <OnDemand preload={loadShareMenu} trigger={trigger} render={(button) => <ShareMenu url={absoluteUrl(path, window.location.origin)} title={title} text={text} trigger={button} defaultOpen />} />;
}
