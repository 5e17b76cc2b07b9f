// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { FediverseReactions } from './fediverse-reactions';

afterEach(cleanup);

describe('likes and boosts from the fediverse', () => {
  it('says how many, apart from the site\'s likes', () => {
    render(<FediverseReactions likes={12} announces={1} />);
    expect(screen.getByTestId('fediverse-reactions').textContent).toBe('12 likes and 1 boost from the fediverse');
  });

  it('names only what there is', () => {
    render(<FediverseReactions likes={0} announces={3} />);
    expect(screen.getByTestId('fediverse-reactions').textContent).toBe('3 boosts from the fediverse');
  });

  it('shows nothing when there are none', () => {
    render(<FediverseReactions likes={0} announces={0} />);
    expect(screen.queryByTestId('fediverse-reactions')).toBeNull();
  });
});
