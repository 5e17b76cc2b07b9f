import os from 'node:os';
import { HttpError } from '../../lib/errors.js';

/**
 * How many images are decoded and encoded at once, process-wide, and how many may wait for a turn.
 *
 * Why: every upload in flight holds its decoded pixels (a 1920 x 1280 photo is 7 MB raw) and
 * libvips' working memory while its encodes run. Unlimited, 50 photos posted at once held all of
 * that together and the server passed 890 MB resident (upload-abuse.hardening.test.ts). Taking
 * turns costs no throughput: libvips already keeps every core busy with one image per core.
 * Waiting uploads hold only a temporary file (see upload-spool.ts), so the queue can be long; past
 * it the server answers 503 rather than queue without end.
 *
 * Turns are per user: one user's images run in at most `slots - 1` slots at
 * once (at least one), so a slot is always left for someone else, and when a slot frees up the
 * waiting image of the user with the fewest images running goes first. Three slow uploads of one
 * user therefore delay another user's photo by no more than the CPU they share, not by their
 * whole duration. One user may also keep only PER_OWNER_QUEUE_MAX images waiting.
 *
 * Turns also share a memory budget: each image states what its decoding will hold (its `cost`,
 * decode-budget.ts) and starts only when that fits beside the images already running. Four photos
 * fit at once; one large interlaced PNG takes the budget alone, and the others wait for it.
 */
export const IMAGE_SLOTS = Math.max(1, Math.min(4, os.availableParallelism()));
export const IMAGE_QUEUE_MAX = 64;
export const PER_OWNER_QUEUE_MAX = 16;

export const BUSY_MESSAGE = 'The server is busy processing other images. Please try again in a moment.';

/** A full queue drains in seconds (a photo takes about 0.2 s per slot), so clients may retry soon. */
export const busy = () => new HttpError(503, BUSY_MESSAGE, { 'retry-after': '5' });

export interface Slots {
  /**
   * Runs `work` in a slot; `owner` (a user id) takes turns with other owners, none means plain
   * arrival order. `cost` (bytes) must fit in the memory budget beside what is running.
   */
  run<T>(work: () => Promise<T>, owner?: string | number, cost?: number): Promise<T>;
  /** The memory budget the costs of running work share (bytes). */
  memoryBudget(): number;
  /** Sets it (IMAGE_MEMORY_MB, once at start); work already running keeps its share. */
  setMemoryBudget(bytes: number): void;
}

interface Waiting {
  owner: string | undefined;
  cost: number;
  start: () => void;
}

export function createSlots(slots: number, queueMax: number, perOwner = Math.max(1, slots - 1), memoryBudget = Number.POSITIVE_INFINITY): Slots {
  let running = 0;
  let inUse = 0;
  const runningBy = new Map<string, number>();
  const waiting: Waiting[] = [];
  const runningOf = (owner: string | undefined) => (owner === undefined ? 0 : (runningBy.get(owner) ?? 0));
  const change = (owner: string | undefined, delta: 1 | -1) => {
    running += delta;
    if (owner === undefined) return;
    const next = runningOf(owner) + delta;
    if (next > 0) runningBy.set(owner, next);
    else runningBy.delete(owner);
  };

  /**
   * Starts waiting work while slots are free: the owner with the fewest running first, then arrival
   * order. When that one's cost does not fit beside what runs, nothing passes it: it starts as soon
   * as enough is released, so a large image is never starved by a stream of small ones.
   */
  const pump = () => {
    while (running < slots) {
      let best = -1;
      for (let i = 0; i < waiting.length; i++) {
        const { owner } = waiting[i]!;
        if (owner !== undefined && runningOf(owner) >= perOwner) continue;
        if (best < 0 || runningOf(owner) < runningOf(waiting[best]!.owner)) best = i;
      }
      if (best < 0) return;
      if (running > 0 && inUse + waiting[best]!.cost > memoryBudget) return;
      const [next] = waiting.splice(best, 1);
      change(next!.owner, 1);
      inUse += next!.cost;
      next!.start();
    }
  };

  return {
    memoryBudget: () => memoryBudget,
    setMemoryBudget(bytes) {
      memoryBudget = bytes;
      pump();
    },
    async run(work, ownerId, cost = 0) {
      const owner = ownerId === undefined ? undefined : String(ownerId);
      if (waiting.length >= queueMax) throw busy();
      if (owner !== undefined && waiting.filter((w) => w.owner === owner).length >= PER_OWNER_QUEUE_MAX) throw busy();
      await new Promise<void>((start) => {
        waiting.push({ owner, cost, start });
        pump();
      });
      try {
        return await work();
      } finally {
        change(owner, -1);
        inUse -= cost;
        pump();
      }
    },
  };
}
