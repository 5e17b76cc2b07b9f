import { useLayoutEffect, useRef, type ComponentProps } from 'react';
import { replayTypedBeforeApp } from '@/lib/early-input';

/**
 * A form whose fields keep what a reader typed before the app started (lib/early-input.ts). Every
 * form of the site is one: any of them can be on a server-rendered page.
 */
export function Form(props: Omit<ComponentProps<'form'>, 'ref'>) {
  const ref = useRef<HTMLFormElement>(null);
  // A layout effect: it runs right after hydration, before a later render of a controlled field
  // could put the server's value back; react-hook-form's fields have registered by then.
  useLayoutEffect(() => {
    if (ref.current) replayTypedBeforeApp(ref.current);
  }, []);
  return <form ref={ref} {...props} />;
}
