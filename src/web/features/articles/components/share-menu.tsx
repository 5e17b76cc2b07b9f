import type { ReactElement } from 'react';
import { LinkIcon, Share2Icon } from 'lucide-react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/use-toast';

async function copyLink(url: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    return false;
  }
}

/**
 * 'Copy link' and 'Share post via...' (docs/product.md#article). Without the system share sheet
 * the link is copied instead; a share the reader cancels says nothing. Loaded on first use (see
 * share-button.tsx).
 */
export default function ShareMenu({
  url,
  title,
  text,
  trigger,
  defaultOpen,
}: {
  url: string;
  title: string;
  text: string;
  trigger: ReactElement;
  defaultOpen?: boolean;
}) {
  const onCopy = async () => {
    if (await copyLink(url)) toast({ title: 'Link copied to clipboard' });
    else toast({ variant: 'destructive', title: 'Copying failed', description: 'The link could not be copied.' });
  };

  const onShare = async () => {
    if (typeof navigator.share !== 'function') {
      const copied = await copyLink(url);
      toast(
        copied
          ? { title: 'Sharing not supported', description: 'Link copied to clipboard' }
          : { variant: 'destructive', title: 'Copying failed', description: 'Sharing is not supported and the link could not be copied.' },
      );
      return;
    }
    try {
      await navigator.share({ title, text, url });
      toast({ title: 'Shared successfully' });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast({ variant: 'destructive', title: 'Sharing failed' });
    }
  };

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => void onCopy()}>
          <LinkIcon aria-hidden="true" />
          Copy link
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void onShare()}>
          <Share2Icon aria-hidden="true" />
          Share post via...
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
