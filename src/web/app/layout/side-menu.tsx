import { useState, type ReactNode } from 'react';
import { Link, NavLink, useMatch } from 'react-router';
import { HomeIcon, LogInIcon, LogOutIcon, MenuIcon, ShieldIcon, UserIcon } from 'lucide-react';
import { paths } from '@contract/paths';
import { ImageSwitch, ThemeSwitch } from '@/components/preference-toggles';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { Sheet, SheetClose, SheetContent, SheetFooter, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { cn } from '@/lib/utils';
import { useIsAdmin } from '@/features/auth/api/get-is-admin';
import { useAuth } from '@/features/auth/components/auth-provider';

/**
 * The header's menu on small screens (spec 1 section 2): Home, Profile, Admin (admins only),
 * the theme and image toggles, and Login or Logout. A Radix Dialog underneath: focus stays inside
 * while open, Escape closes it, focus returns to the menu button.
 */
export function SideMenu({ channelSections }: { channelSections?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { user, isLoading, logout } = useAuth();
  const { isAdmin } = useIsAdmin();
  const onAuthPage = useMatch(paths.auth) !== null;
  const close = () => setOpen(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu">
          <MenuIcon aria-hidden="true" />
        </Button>
      </SheetTrigger>
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
            </MenuLink>
          )}
          {isAdmin && (
            <MenuLink to={paths.admin} icon={<ShieldIcon aria-hidden="true" />} onNavigate={close}>
              Admin
            </MenuLink>
          )}
        </nav>
        {user && channelSections}
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
