import type { ReactNode } from 'react';
import { Link, useMatch } from 'react-router';
import { paths } from '@contract/paths';
import { PreferenceToggleButtons } from '@/components/preference-toggles';
import { Button } from '@/components/ui/button';
import { SITE_NAME } from '@/lib/site';
import { useAuth } from '@/features/auth/components/auth-provider';
import { UserMenu } from '@/features/auth/components/user-menu';
import { InvitationsBadge } from '@/features/staff/components/invitations-badge';
import { SideMenu } from './side-menu';

/**
 * Places the channels feature fills (docs/product.md#header). Left empty until channels exist; no
 * placeholder data is shown meanwhile.
 */
export interface AppHeaderSlots {
  /** Larger screens: the current-channel dropdown (switch channel, Create Channel), signed-in users only. */
  channelSwitcher?: ReactNode;
  /** Side menu: the current channel with its switch list and Create Channel (signed in), then Popular Channels (first 5, Explore Channels). */
  sideMenuChannelSections?: ReactNode;
}

/** The global header of every page (docs/product.md#header). */
export function AppHeader({ channelSwitcher, sideMenuChannelSections }: AppHeaderSlots) {
  const { user } = useAuth();
  return (
    <header data-print="hide" className="sticky top-0 z-40 border-b-4 border-double border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <Link
          to={paths.home}
          className="rounded-sm font-serif text-2xl font-bold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background sm:text-3xl"
        >
          {SITE_NAME}
        </Link>
        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 md:flex">
          {user && channelSwitcher}
          <PreferenceToggleButtons />
          <AccountControls />
        </nav>
        <div className="ml-auto flex items-center gap-2 md:hidden">
          <LoginButton />
          <SideMenu channelSections={sideMenuChannelSections} badge={user ? <InvitationsBadge className="absolute -top-0.5 -right-0.5" /> : undefined} />
        </div>
      </div>
    </header>
  );
}

/** The username menu, or the Login button for signed-out visitors. */
function AccountControls() {
  const { user, isLoading } = useAuth();
  if (isLoading) return null;
  if (user) return <UserMenu badge={<InvitationsBadge />} />;
  return <LoginButton className="ml-2" />;
}

/** Signed-out visitors' Login button, in the header on every screen size (hidden on the auth page). */
function LoginButton({ className }: { className?: string }) {
  const { user, isLoading } = useAuth();
  const onAuthPage = useMatch(paths.auth) !== null;
  if (isLoading || user || onAuthPage) return null;
  return (
    <Button asChild size="sm" className={className}>
      <Link to={paths.auth}>Login</Link>
    </Button>
  );
}
