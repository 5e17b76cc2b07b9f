import { useSyncExternalStore, type ReactNode } from 'react';
import type { ToastActionElement, ToastProps } from './toast';

/** A toast area shows notifications, one at a time (docs/product.md#header). */
export const TOAST_LIMIT = 1;
/** How long a dismissed toast stays mounted so its closing animation can play. */
const TOAST_REMOVE_DELAY_MS = 1000;

export interface ToastOptions extends Omit<ToastProps, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
}

export interface ToasterToast extends ToastOptions {
  id: string;
}

interface ToastState {
  toasts: ToasterToast[];
}

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function setState(next: ToastState) {
  state = next;
  listeners.forEach((listener) => listener());
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      setState({ toasts: state.toasts.filter((t) => t.id !== id) });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  setState({
    toasts: state.toasts.map((t) => {
      if (id !== undefined && t.id !== id) return t;
      scheduleRemoval(t.id);
      return { ...t, open: false };
    }),
  });
}

/**
 * Shows a notification. Callable from anywhere (event handlers, mutation callbacks), not only
 * from components: `toast({ title: 'Login failed', description: '…', variant: 'destructive' })`.
 */
export function toast(options: ToastOptions): { id: string; dismiss: () => void; update: (options: ToastOptions) => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const dismiss = () => dismissToast(id);
  const entry: ToasterToast = {
    ...options,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismiss();
    },
  };
  setState({ toasts: [entry, ...state.toasts].slice(0, TOAST_LIMIT) });
  return {
    id,
    dismiss,
    update: (next) => setState({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, ...next } : t)) }),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts on screen (or closing), newest first. */
export function getToastState(): ToastState {
  return state;
}

export function useToast(): ToastState & { toast: typeof toast; dismiss: typeof dismissToast } {
  const current = useSyncExternalStore(subscribe, getToastState, getToastState);
  return { ...current, toast, dismiss: dismissToast };
}
