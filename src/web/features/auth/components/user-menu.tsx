import { Link } from 'react-router';
import { ChevronDownIcon, LogOutIcon, ShieldIcon, UserIcon } from 'lucide-react';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useIsAdmin } from '../api/get-is-admin';
import { useAuth } from './auth-provider';

/** The username menu of the header on larger screens: Profile, Admin (admins only), Logout (spec 1 section 2). */
export function UserMenu() {
  const { user, logout } = useAuth();
  const { isAdmin } = useIsAdmin();
  if (!user) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="max-w-64">
          <UserIcon aria-hidden="true" />
          <span className="truncate">{user.username}</span>
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-44">
        <DropdownMenuItem asChild>
          <Link to={paths.profile}>
            <UserIcon aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        {isAdmin && (
          <DropdownMenuItem asChild>
            <Link to={paths.admin}>
              <ShieldIcon aria-hidden="true" />
              Admin
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout()}>
          <LogOutIcon aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
