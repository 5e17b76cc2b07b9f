import { Suspense, useState, type ReactElement, type ReactNode } from 'react';
import { Link, NavLink, useMatch } from 'react-router';
import { HomeIcon, LogInIcon, LogOutIcon, ShieldIcon, UserIcon } from 'lucide-react';
import { paths } from '@contract/paths';
import { ImageSwitch, ThemeSwitch } from '@/components/preference-switches';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { Sheet, SheetClose, SheetContent, SheetFooter, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { cn } from '@/lib/utils';
import { useIsAdmin } from '@/features/auth/api/get-is-admin';
import { useAuth } from '@/features/auth/components/auth-provider';
import { InvitationsBadge } from '@/features/staff/components/invitations-badge';

/**
 * The side menu itself, loaded on first use (see side-menu.tsx). A Radix Dialog underneath: focus
 * stays inside while open, Escape closes it, focus returns to the menu button.
 */
export default function SideMenuSheet({
  channelSections,
  trigger,
  defaultOpen = false,
}: {
  channelSections?: ReactNode;
  trigger: ReactElement;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const { user, isLoading, logout } = useAuth();
  const { isAdmin } = useIsAdmin();
  const onAuthPage = useMatch(paths.auth) !== null;
  const close = () => setOpen(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="right" aria-describedby={undefined}>
        <SheetHeader className="border-b">
          <SheetTitle>Menu</SheetTitle>
        </SheetHeader>
        <nav aria-label="Main" className="grid gap-1 px-2">
          <MenuLink to={paths.home} icon={<HomeIcon aria-hidden="true" />} end onNavigate={close}>
            Home
          </MenuLink>
          {user && (
            <MenuLink to={paths.profile} icon={<UserIcon aria-hidden="true" />} onNavigate={close}>
              Profile
              {/* Pending invitations are answered on the profile. */}
              <InvitationsBadge className="ml-auto" />
            </MenuLink>
          )}
          {isAdmin && (
            <MenuLink to={paths.admin} icon={<ShieldIcon aria-hidden="true" />} onNavigate={close}>
              Admin
            </MenuLink>
          )}
        </nav>
        {!isLoading && <Suspense fallback={null}>{channelSections}</Suspense>}
        <Separator />
        <div className="grid gap-4 px-4">
          <ThemeSwitch />
          <ImageSwitch />
        </div>
        {!isLoading && (
          <SheetFooter className="border-t">
            {user ? (
              <Button
                variant="outline"
                onClick={() => {
                  close();
                  void logout();
                }}
              >
                <LogOutIcon aria-hidden="true" />
                Logout
              </Button>
            ) : (
              !onAuthPage && (
                <SheetClose asChild>
                  <Button asChild>
                    <Link to={paths.auth}>
                      <LogInIcon aria-hidden="true" />
                      Login
                    </Link>
                  </Button>
                </SheetClose>
              )
            )}
          </SheetFooter>
        )}
      </SheetContent>
    </Sheet>
  );
}

function MenuLink({
  to,
  icon,
  end,
  onNavigate,
  children,
}: {
  to: string;
  icon: ReactNode;
  end?: boolean;
  onNavigate: () => void;
  children: ReactNode;
}) {
  // Closes the menu itself: SheetClose's Slot cannot merge NavLink's className function.
  return (
    <NavLink
      to={to}
      end={end}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4 [&_svg]:text-muted-foreground',
          isActive && 'bg-accent text-accent-foreground',
        )
      }
    >
      {icon}
      {children}
    </NavLink>
  );
}
