import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changedFields, createAutosaveScheduler, savedAfter, type SavedFields } from './autosave';

describe('when the editor saves to the server', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function scheduler() {
    const saves: number[] = [];
    let finish: (() => void) | undefined;
    const s = createAutosaveScheduler(
      () =>
        new Promise<void>((resolve) => {
          saves.push(Date.now());
          finish = resolve;
        }),
      { quietMs: 3_000, maxWaitMs: 10_000 },
    );
    return { s, saves, finish: async () => { finish?.(); await vi.advanceTimersByTimeAsync(0); } };
  }

  it('saves a few seconds after the writer stops typing, once', async () => {
    const { s, saves, finish } = scheduler();
    const start = Date.now();
    s.changed();
    await vi.advanceTimersByTimeAsync(1_000);
    s.changed();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves).toEqual([start + 4_000]);
    await finish();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(saves).toHaveLength(1);
  });

  it('saves at least every 10 seconds while the writer keeps typing', async () => {
    const { s, saves, finish } = scheduler();
    const start = Date.now();
    for (let i = 0; i < 25; i++) {
      s.changed();
      await vi.advanceTimersByTimeAsync(1_000);
      if (saves.length > 0 && i === 10) await finish();
    }
    expect(saves[0]).toBe(start + 10_000);
    expect(saves[1]! - saves[0]!).toBeLessThanOrEqual(10_000);
  });

  it('sends one save at a time, and saves what was typed during it afterwards', async () => {
    const { s, saves, finish } = scheduler();
    s.changed();
    s.flush();
    expect(saves).toHaveLength(1);
    s.changed();
    s.flush();
    expect(saves).toHaveLength(1);
    await finish();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(saves).toHaveLength(2);
  });

  it('does nothing on flush when nothing changed, or after cancel', async () => {
    const { s, saves } = scheduler();
    s.flush();
    s.changed();
    s.cancel();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(saves).toEqual([]);
  });
});

describe('what an autosave sends', () => {
  const saved: SavedFields = { title: 'Harbour', subtitle: null, content: '<p>Wall</p>', categoryIds: [1], location: null };

  it('sends only the changed fields, and nothing when nothing changed', () => {
    expect(changedFields(saved, saved)).toBeNull();
    expect(changedFields(saved, { ...saved, content: '<p>Wall fixed</p>' })).toEqual({ content: '<p>Wall fixed</p>' });
    expect(changedFields(saved, { ...saved, categoryIds: [], location: { name: 'Leeds', lat: 53.8, lng: -1.5 } })).toEqual({
      categoryIds: [],
      location_name: 'Leeds',
      location_lat: 53.8,
      location_lng: -1.5,
    });
  });

  it('keeps a title past the limit out of the save, and saves the rest', () => {
    const now = { ...saved, title: 'x'.repeat(201), content: '<p>More</p>' };
    const body = changedFields(saved, now)!;
    expect(body).toEqual({ content: '<p>More</p>' });
    expect(savedAfter(saved, now, body)).toEqual({ ...saved, content: '<p>More</p>' });
  });
});
