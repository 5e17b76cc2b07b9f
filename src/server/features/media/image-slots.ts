import os from 'node:os';
import { HttpError } from '../../http/errors.js';

/**
 * How many images are decoded and encoded at once, process-wide, and how many may wait for a turn.
 *
 * Why: every upload in flight holds its decoded pixels (a 1920 x 1280 photo is 7 MB raw) and
 * libvips' working memory while its encodes run. Unlimited, 50 photos posted at once held all of
 * that together and the server passed 890 MB resident (upload-abuse.hardening.test.ts). Taking
 * turns costs no throughput: libvips already keeps every core busy with one image per core.
 * Waiting uploads hold only a temporary file (see upload-spool.ts), so the queue can be long; past
 * it the server answers 503 rather than queue without end.
 */
export const IMAGE_SLOTS = Math.max(1, Math.min(4, os.availableParallelism()));
export const IMAGE_QUEUE_MAX = 64;

export const BUSY_MESSAGE = 'The server is busy processing other images. Please try again in a moment.';

/** A full queue drains in seconds (a photo takes about 0.2 s per slot), so clients may retry soon. */
export const busy = () => new HttpError(503, BUSY_MESSAGE, { 'retry-after': '5' });

export interface Slots {
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function createSlots(slots: number, queueMax: number): Slots {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(work) {
      if (running >= slots) {
        if (waiting.length >= queueMax) throw busy();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return await work();
      } finally {
        // The slot passes straight to the next in line, so `running` stays counted for it.
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}
