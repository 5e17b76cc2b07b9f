import { Link } from 'react-router';
import { useHydrated } from '@/lib/use-hydrated';
import { useSignInPath } from '@/lib/sign-in-path';
import { Button, type ButtonProps } from './ui/button';

/**
 * A button whose action needs the app (Like, Dislike, Subscribe). Until the app runs (JavaScript
 * off, or not started yet) it is never a dead button: a signed-out reader gets a link to sign in,
 * which returns here afterwards (what the app's sign-in prompt offers too); a signed-in reader sees
 * it disabled. The server renders that state, and hydration starts from it.
 */
export function AppButton({ signedIn, ...props }: ButtonProps & { signedIn: boolean }) {
  const hydrated = useHydrated();
  const signInPath = useSignInPath();
  if (hydrated) return <Button {...props} />;
  if (signedIn) return <Button {...props} disabled />;
  const { variant, size, className, children, 'aria-label': label, 'aria-pressed': pressed } = props;
  return (
    <Button asChild variant={variant} size={size} className={className}>
      {/* data-app-press: a press before the app has started is held and given to the app's button (boot.ts). */}
      <Link to={signInPath} aria-label={label} data-pressed={pressed || undefined} data-app-press="">
        {children}
      </Link>
    </Button>
  );
}
