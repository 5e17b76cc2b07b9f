import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/errors.js';
import { BUSY_MESSAGE, createSlots } from './image-slots.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('image slots', () => {
  it('runs at most `slots` at once, in arrival order, and answers 503 past the queue', async () => {
    const slots = createSlots(2, 3);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const job = (n: number) =>
      slots.run(async () => {
        running++;
        most = Math.max(most, running);
        order.push(n);
        await new Promise<void>((r) => releases.push(r));
        running--;
        return n;
      });
    const accepted = [1, 2, 3, 4, 5].map(job);
    await tick();
    expect(order).toEqual([1, 2]);
    const refused = await job(6).catch((error: unknown) => error);
    // A client told how soon to come back (Retry-After), not just that it failed.
    expect(refused).toEqual(new HttpError(503, BUSY_MESSAGE, { 'retry-after': '5' }));
    while (releases.length > 0) {
      releases.shift()!();
      await tick();
    }
    expect(await Promise.all(accepted)).toEqual([1, 2, 3, 4, 5]);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('frees the slot when the work fails', async () => {
    const slots = createSlots(1, 1);
    await expect(slots.run(() => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(await slots.run(async () => 'next')).toBe('next');
  });
});
