// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { YourDataCard } from './your-data-card';

afterEach(cleanup);

describe('the profile card for downloading your own data', () => {
  it('offers the export as a download link', () => {
    render(<YourDataCard />);
    const link = screen.getByRole('link', { name: 'Download my data' });
    expect(link.getAttribute('href')).toBe('/api/user/export');
    expect(link.hasAttribute('download')).toBe(true);
  });
});
