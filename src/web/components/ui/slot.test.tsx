// @vitest-environment happy-dom
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Button } from './button';
import { Slot } from './slot';

afterEach(cleanup);

describe('Slot', () => {
  it('renders a Button asChild as its link, with the button classes and both refs set', () => {
    const buttonRef = createRef<HTMLElement>();
    const linkRef = createRef<HTMLAnchorElement>();
    render(
      <Button asChild size="sm" ref={buttonRef as never}>
        <a href="/channels" ref={linkRef} className="ml-2">
          Explore
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Explore' });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/channels');
    expect(link.className).toMatch(/^inline-flex .* ml-2$/);
    expect(link.dataset.slot).toBe('button');
    expect(screen.queryByRole('button')).toBeNull();
    expect(buttonRef.current).toBe(link);
    expect(linkRef.current).toBe(link);
  });

  it("runs the child's handler, then the Slot's; the child's other props win; styles merge", () => {
    const calls: string[] = [];
    render(
      <Slot onClick={() => calls.push('slot')} onFocus={() => calls.push('slot focus')} title="slot" style={{ color: 'red', margin: 1 }}>
        <button type="button" onClick={() => calls.push('child')} title="child" style={{ color: 'blue' }}>
          Menu
        </button>
      </Slot>,
    );
    const button = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(button);
    fireEvent.focus(button);
    expect(calls).toEqual(['child', 'slot', 'slot focus']);
    expect(button.title).toBe('child');
    expect(button.style.color).toBe('blue');
    expect(button.style.margin).toBe('1px');
  });
});
