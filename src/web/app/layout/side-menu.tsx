import { type ReactNode } from 'react';
import { MenuIcon } from 'lucide-react';
import { OnDemand } from '@/components/on-demand';
import { Button } from '@/components/ui/button';
import { lazyWithRetry } from '@/lib/chunk-retry';

const loadSheet = () => import('./side-menu-sheet');
const SideMenuSheet = lazyWithRetry(loadSheet);

/**
 * The header's menu on small screens (spec 1 section 2): Home, Profile, Admin (admins only),
 * the theme and image toggles, and Login or Logout. The menu's code loads on first use.
 */
export function SideMenu({ channelSections }: { channelSections?: ReactNode }) {
  const trigger = (
    <Button variant="ghost" size="icon" aria-label="Open menu" aria-haspopup="dialog">
      <MenuIcon aria-hidden="true" />
    </Button>
  );
  return <OnDemand preload={loadSheet} trigger={trigger} render={(button) => <SideMenuSheet channelSections={channelSections} trigger={button} defaultOpen />} />;
}
