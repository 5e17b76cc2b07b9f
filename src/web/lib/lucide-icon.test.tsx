import { renderToStaticMarkup } from 'react-dom/server';
import { createLucideIcon as lucidesCreateLucideIcon, type LucideIconData } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { createLucideIcon, type LucideIconProps } from './lucide-icon';

/** An icon module's data, as the installed lucide-react ships it (its types declare only the component). */
async function iconData(name: string): Promise<LucideIconData> {
  const module = (await import(`../../../node_modules/lucide-react/dist/esm/icons/${name}.mjs`)) as { __iconData: LucideIconData };
  return module.__iconData;
}

const PROPS: (LucideIconProps & Record<string, unknown>)[] = [
  {},
  { className: 'size-4' },
  { className: '  size-4  shrink-0 size-4 lucide ' },
  { size: 16 },
  { size: '1.5rem' },
  { width: 20, height: 10 },
  { size: 32, width: 20 },
  { strokeWidth: 1.5 },
  { absoluteStrokeWidth: true, size: 48 },
  { absoluteStrokeWidth: true, strokeWidth: 3, width: 12 },
  { nonScalingStroke: true },
  { color: 'red' },
  { color: '' },
  { 'aria-label': 'Location' },
  { role: 'img' },
  { 'aria-hidden': false },
  { style: { verticalAlign: 'middle' }, 'data-hint': 'images', id: 'pin' },
  { children: <title>Pin</title> },
];

describe('our createLucideIcon', () => {
  // map-pin and image as the pages use them; alarm-clock-check has an alias.
  it.each(['map-pin', 'image', 'alarm-clock-check', 'message-square', 'thumbs-up'])('draws the same markup as lucide-react for %s, whatever the props', async (name) => {
    const data = await iconData(name);
    const Ours = createLucideIcon(data);
    const Theirs = lucidesCreateLucideIcon(data);
    for (const props of PROPS) {
      expect(renderToStaticMarkup(<Ours {...props} />), JSON.stringify(props)).toBe(renderToStaticMarkup(<Theirs {...props} />));
    }
  });

  it('draws an icon of its own data, aliases included', () => {
    const data: LucideIconData = {
      name: 'square-dot',
      size: 24,
      node: [
        ['path', { d: 'M4 5h16', key: 'a' }],
        ['circle', { cx: '12', cy: '12', r: '3', key: 'b' }],
      ],
      aliases: ['dot-square'],
    };
    const Ours = createLucideIcon(data);
    const Theirs = lucidesCreateLucideIcon(data);
    expect(renderToStaticMarkup(<Ours className="size-3" />)).toBe(renderToStaticMarkup(<Theirs className="size-3" />));
    expect(renderToStaticMarkup(<Ours />)).toContain('class="lucide lucide-square-dot lucide-dot-square"');
    expect(Ours.displayName).toBe('SquareDot');
  });

  it('keeps a className per render right after many different ones', () => {
    const Ours = createLucideIcon({ name: 'dot', size: 24, node: [['circle', { cx: '12', cy: '12', r: '1', key: 'c' }]] });
    for (let i = 0; i < 200; i++) expect(renderToStaticMarkup(<Ours className={`w-${i}`} />)).toContain(`class="lucide lucide-dot w-${i}"`);
  });
});
