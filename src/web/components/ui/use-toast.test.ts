import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToastState, toast } from './use-toast';

describe('toast', () => {
  afterEach(() => {
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });

  it('shows one notification at a time, the newest', () => {
    vi.useFakeTimers();
    toast({ title: 'Article liked!' });
    toast({ variant: 'destructive', title: 'Login failed', description: 'Invalid username or password.' });
    const { toasts } = getToastState();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ title: 'Login failed', variant: 'destructive', open: true });
  });

  it('closes a dismissed toast, then removes it once its closing animation is over', () => {
    vi.useFakeTimers();
    const { id } = toast({ title: 'Link copied to clipboard' });
    dismissToast(id);
    expect(getToastState().toasts.find((t) => t.id === id)?.open).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(getToastState().toasts.find((t) => t.id === id)).toBeUndefined();
  });

  it('closes when Radix reports it closed (swipe, close button, or the 5 s timer)', () => {
    vi.useFakeTimers();
    const { id } = toast({ title: 'Article published' });
    getToastState().toasts.find((t) => t.id === id)?.onOpenChange?.(false);
    expect(getToastState().toasts.find((t) => t.id === id)?.open).toBe(false);
  });
});
