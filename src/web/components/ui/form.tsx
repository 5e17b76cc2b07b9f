import type { ComponentProps } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * A form that works only once the app runs (it sends JSON, uploads images, asks in a dialog): until
 * then its fields are disabled (inert), so nothing is typed that could be lost, and nothing is sent
 * as a plain form; index.html's noscript notice says why. Sign-in, registration and comments are
 * plain POST forms instead (React Router's Form), which work before that and without JavaScript.
 */
export function Form({ children, method = 'post', ...props }: Omit<ComponentProps<'form'>, 'ref'>) {
  const ready = useHydrated();
  return (
    <form method={method} {...props}>
      <fieldset disabled={!ready} className="contents">
        {children}
      </fieldset>
    </form>
  );
}
