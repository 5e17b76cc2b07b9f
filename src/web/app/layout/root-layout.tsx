import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { IconSprite } from '@/components/icon-sprite';
import { OfflineNotice } from '@/components/offline-notice';
import { PageSpinner } from '@/components/ui/spinner';
import { SelectedChannelProvider } from '@/lib/selected-channel';
import { ThemeProvider } from '@/lib/theme';
import { AuthProvider, useAuth } from '@/features/auth/components/auth-provider';
import { useUserChannels } from '@/features/channels/api/channels';
import { ChannelSwitcher } from '@/features/channels/components/channel-switcher';
import { ModerationCountBadge } from '@/features/moderation/components/moderation-count-badge';
import { useStaffChannels } from '@/features/staff/api/staff-queries';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { NavigationProgress } from './navigation-progress';
import { RouteAnnouncer } from './route-announcer';
import { lazyWithRetry } from '@/lib/chunk-retry';

// Rendered only inside the side menu, whose code loads when it is first opened.
const SideMenuChannelSections = lazyWithRetry(() =>
  import('@/features/channels/components/side-menu-channel-sections').then((m) => ({ default: m.SideMenuChannelSections })),
);

/** The frame of every page: session, theme, selected channel, skip link, header and the main landmark. */
export function RootLayout() {
  useEffect(() => {
    // The page is interactive: the browser journeys wait for this mark (and fail on any hydration error).
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <AuthProvider>
      <ThemeFromSession>
        <SelectedChannelFromSession>
          <a
            href="#main"
            className="sr-only rounded-md border bg-background text-sm font-medium shadow-md focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-2"
          >
            Skip to main content
          </a>
          <NavigationProgress />
          <div className="flex min-h-dvh flex-col">
            <HeaderWithChannels />
            <OfflineNotice />
            <main id="main" tabIndex={-1} className="flex-1 outline-none">
              <Suspense fallback={<PageSpinner />}>
                <Outlet />
              </Suspense>
            </main>
            <AppFooter />
          </div>
          <RouteAnnouncer />
          <IconSprite />
          <ScrollRestoration />
        </SelectedChannelFromSession>
      </ThemeFromSession>
    </AuthProvider>
  );
}

/** The theme follows the session: dark only for a signed-in user who chose it (docs/product.md#header). */
function ThemeFromSession({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  return <ThemeProvider signedIn={isLoading ? undefined : user !== null}>{children}</ThemeProvider>;
}

/**
 * The selected channel (docs/product.md#header) chosen among the signed-in user's own channels, then those
 * they are staff of. Both lists come with the server's render (the root loader); if the staff list
 * cannot be had, the choice is among their own channels, as before the newsroom.
 */
function SelectedChannelFromSession({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const { data: channels } = useUserChannels(userId);
  const staff = useStaffChannels(userId !== null);
  const staffChannels = staff.data;
  const staffFailed = staff.isError;
  const channelIds = useMemo(() => {
    const others = staffFailed ? [] : staffChannels;
    return channels && others ? [...channels, ...others].map((channel) => channel.id) : undefined;
  }, [channels, staffChannels, staffFailed]);
  return (
    <SelectedChannelProvider userId={userId} channelIds={channelIds}>
      {children}
    </SelectedChannelProvider>
  );
}

/** What waits in a channel's moderation, beside its name in the owner's channel menus. */
const moderationBadge = (channelId: number) => <ModerationCountBadge channelId={channelId} />;

/**
 * The header with the channels feature in its slots: the switcher (md+) and the side menu's
 * sections, each listing the user's own channels, then those they are staff of (the staff feature's).
 */
function HeaderWithChannels() {
  const { user } = useAuth();
  const { data: staffChannels } = useStaffChannels(user !== null);
  // Signed-out readers on a phone get Popular Channels too (docs/product.md#header): the menu is their way to Explore Channels.
  const sideMenuChannelSections = (
    <SideMenuChannelSections userId={user?.id ?? null} channelBadge={user ? moderationBadge : undefined} staffChannels={user ? staffChannels : undefined} />
  );
  if (!user) return <AppHeader sideMenuChannelSections={sideMenuChannelSections} />;
  return (
    <AppHeader
      channelSwitcher={<ChannelSwitcher userId={user.id} channelBadge={moderationBadge} staffChannels={staffChannels} />}
      sideMenuChannelSections={sideMenuChannelSections}
    />
  );
}
