import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { LogOutIcon, ShieldIcon, UserIcon } from 'lucide-react';
import { paths } from '@contract/paths';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useIsAdmin } from '../api/get-is-admin';
import { useAuth } from './auth-provider';

/** The username menu itself: Profile, Admin (admins only), Logout. Loaded on first use (see user-menu.tsx). */
export default function UserMenuDropdown({ trigger, defaultOpen }: { trigger: ReactElement; defaultOpen?: boolean }) {
  const { logout } = useAuth();
  const { isAdmin } = useIsAdmin();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
