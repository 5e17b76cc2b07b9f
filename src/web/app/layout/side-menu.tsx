import { type ReactNode } from 'react';
import { MenuIcon } from 'lucide-react';
import { OnDemand } from '@/components/on-demand';
import { Button } from '@/components/ui/button';
import { lazyWithRetry } from '@/lib/chunk-retry';

const loadSheet = () => import('./side-menu-sheet');
const SideMenuSheet = lazyWithRetry(loadSheet);

/**
 * The header's menu on small screens (docs/product.md#header): Home, Profile, Admin (admins only),
 * the theme and image toggles, and Login or Logout. The menu's code loads on first use. `badge`
 * sits on the button's corner (the number of pending invitations).
 */
export function SideMenu({ channelSections, badge }: { channelSections?: ReactNode; badge?: ReactNode }) {
  // Named by its text rather than aria-label, so the badge's words ('2 invitations') join the name.
  const trigger = (
    <Button variant="ghost" size="icon" aria-haspopup="dialog" className="relative">
      <MenuIcon aria-hidden="true" />
      <span className="sr-only">Open menu</span>
      {badge}
    </Button>
  );
  return <OnDemand preload={loadSheet} trigger={trigger} render={(button) => <SideMenuSheet channelSections={channelSections} trigger={button} defaultOpen />} />;
}
