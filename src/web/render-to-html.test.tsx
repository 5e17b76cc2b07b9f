import { lazy, Suspense, useId } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { prerenderToHtml, renderToHtml } from './render-to-html';

function Labelled({ name }: { name: string }) {
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>Name</label> <input id={id} defaultValue={name} /> {name} and {name.length} letters
    </p>
  );
}

describe('the server render to HTML', () => {
  it('draws the same markup on the fast path as the prerender, boundaries, ids and text joints included', async () => {
    const tree = () => (
      <main>
        <Suspense fallback={<span>Loading…</span>}>
          <Labelled name="Ada" />
        </Suspense>
        <Labelled name="Bo" />
      </main>
    );
    const fast = await renderToHtml(tree);
    expect(fast).toBe(await prerenderToHtml(tree));
    expect(fast).toContain('Ada');
    expect(fast).not.toContain('Loading…');
  });

  it('waits for a lazy component it has never seen, and draws it without waiting afterwards', async () => {
    let loads = 0;
    const Late = lazy(async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { default: () => <aside>Comments</aside> };
    });
    const tree = () => (
      <Suspense fallback={<span>Loading…</span>}>
        <Late />
      </Suspense>
    );
    const first = await renderToHtml(tree);
    expect(first).toContain('<aside>Comments</aside>');
    expect(first).not.toContain('<!--$!-->');
    const second = await renderToHtml(tree);
    expect(second).toBe(first);
    expect(loads).toBe(1);
  });

  it('leaves a boundary whose component throws to the browser, and reports the error', async () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('broken component');
    };
    const html = await renderToHtml(() => (
      <Suspense fallback={<span>Loading…</span>}>
        <Broken />
      </Suspense>
    ));
    expect(html).toContain('<!--$!-->');
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ message: 'broken component' }));
  });
});
