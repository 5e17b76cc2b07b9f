import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@contract/auth';
import { paths } from '@contract/paths';
import { dismissToast, toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '../api/get-current-user';
import { endSession, login as logIn, logout as logOut, register as registerAccount, setSessionUser, type Credentials } from '../api/session';
import { usePagePreferences } from '@/lib/page-preferences';
import { authErrorMessage, logoutErrorMessage, refusalNotice } from '../lib/auth-errors';

interface AuthContextValue {
  /** The signed-in user; null when signed out or not known yet (see isLoading). */
  user: CurrentUser | null;
  /** True until the first answer about the session. */
  isLoading: boolean;
  /** Signs in and goes home; a failure shows the 'Login failed' toast. Resolves true on success. */
  login: (credentials: Credentials) => Promise<boolean>;
  /** Registers, signs in and goes home; a failure shows the 'Registration failed' toast. */
  register: (credentials: Credentials) => Promise<boolean>;
  /** Signs out, goes home, clears the selected channel and forces the light theme; a failure shows 'Logout failed'. */
  logout: () => Promise<void>;
  /**
   * True from a logout until the home page is on screen. A protected page still showing meanwhile
   * (React keeps it while the home page's code loads) waits instead of sending the visitor to /auth.
   */
  signingOut: boolean;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Holds the session for the app. Must sit inside the router (it navigates) and the query client. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { timeZone } = usePagePreferences();
  const queryClient = useQueryClient();
  const currentUser = useCurrentUser();
  // Plain calls, not mutations: nothing shows their pending state, and three mutation observers per
  // render of every page (on the server too) cost more than the calls need.
  const loginAsync = useCallback(async (credentials: Credentials) => setSessionUser(queryClient, await logIn(credentials)), [queryClient]);
  const registerAsync = useCallback(async (credentials: Credentials) => setSessionUser(queryClient, await registerAccount(credentials)), [queryClient]);
  const logoutAsync = logOut;
  const [signingOut, setSigningOut] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    if (signingOut && pathname === paths.home) setSigningOut(false);
  }, [signingOut, pathname]);

  const login = useCallback(
    async (credentials: Credentials) => {
      try {
        await loginAsync(credentials);
      } catch (error) {
        toast({ variant: 'destructive', ...refusalNotice('login', authErrorMessage(error), timeZone) });
        return false;
      }
      // An earlier attempt's failure is answered now; it must not greet the user at home.
      dismissToast();
      await navigate(paths.home);
      return true;
    },
    [loginAsync, navigate, timeZone],
  );

  const register = useCallback(
    async (credentials: Credentials) => {
      try {
        await registerAsync(credentials);
      } catch (error) {
        toast({ variant: 'destructive', title: 'Registration failed', description: authErrorMessage(error) });
        return false;
      }
      dismissToast();
      await navigate(paths.home);
      return true;
    },
    [registerAsync, navigate],
  );

  const logout = useCallback(async () => {
    try {
      await logoutAsync();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Logout failed', description: logoutErrorMessage(error) });
      return;
    }
    setSigningOut(true);
    // Leave the page first, so a protected page does not react to the missing user.
    await navigate(paths.home, { flushSync: true });
    endSession(queryClient);
  }, [logoutAsync, navigate, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ user: currentUser.data ?? null, isLoading: currentUser.isLoading, login, register, logout, signingOut }),
    [currentUser.data, currentUser.isLoading, login, register, logout, signingOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session: `{ user, isLoading, login, register, logout }`. Throws outside AuthProvider (docs/product.md#header). */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
