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

describe('image slots sharing a memory budget', () => {
  it('starts work only when its cost fits beside what runs, and lets nothing pass a large one that waits', async () => {
    const slots = createSlots(4, 16, 4, 100);
    const started: string[] = [];
    const releases = new Map<string, () => void>();
    const job = (name: string, cost: number) =>
      slots.run(
        async () => {
          started.push(name);
          await new Promise<void>((r) => releases.set(name, r));
        },
        undefined,
        cost,
      );
    const done = [job('a', 40), job('b', 40), job('large', 90), job('small', 20)];
    await tick();
    // a and b fit together (80); the large one waits for room, and the small one waits behind it.
    expect(started).toEqual(['a', 'b']);
    releases.get('a')!();
    await tick();
    expect(started).toEqual(['a', 'b']);
    releases.get('b')!();
    await tick();
    expect(started).toEqual(['a', 'b', 'large']);
    releases.get('large')!();
    await tick();
    expect(started).toEqual(['a', 'b', 'large', 'small']);
    releases.get('small')!();
    await Promise.all(done);
  });

  it('gives the budget back when the work fails', async () => {
    const slots = createSlots(2, 4, 2, 100);
    await expect(slots.run(() => Promise.reject(new Error('bad image')), undefined, 100)).rejects.toThrow('bad image');
    expect(await slots.run(async () => 'next', undefined, 100)).toBe('next');
  });
});
