import type { ReactNode } from 'react';
import { ChevronDownIcon, UserIcon } from 'lucide-react';
import { OnDemand } from '@/components/on-demand';
import { Button } from '@/components/ui/button';
import { useAuth } from './auth-provider';
import { lazyWithRetry } from '@/lib/chunk-retry';

const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazyWithRetry(loadDropdown);

/**
 * The username menu of the header on larger screens: Profile, Admin (admins only), Logout (docs/product.md#header). The menu's code loads on first use. `badge` is what the page composes in beside the
 * name (the number of pending invitations).
 */
export function UserMenu({ badge }: { badge?: ReactNode }) {
  const { user } = useAuth();
  if (!user) return null;
  const trigger = (
    <Button variant="ghost" className="max-w-64" aria-haspopup="menu">
      <UserIcon aria-hidden="true" />
      <span className="truncate">{user.username}</span>
      {badge}
      <ChevronDownIcon aria-hidden="true" />
    </Button>
  );
  return <OnDemand preload={loadDropdown} trigger={trigger} render={(button) => <UserMenuDropdown trigger={button} defaultOpen />} />;
}
