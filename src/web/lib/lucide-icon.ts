import { createElement, type ReactElement, type ReactNode, type Ref, type SVGProps } from 'react';

/**
 * lucide-react's `createLucideIcon`, for the builds (vite.config.ts routes each icon module's
 * import of it here): the same markup, built for less. lucide's own rebuilds every icon's attributes
 * on every render through generic helpers (entries reduced into an object, a Set of class tokens
 * split by a regular expression, four object spreads, two components deep); a page's 15 to 30 icons
 * cost about 5% of a server render. Here one component renders the <svg>, its shapes are React
 * elements made once per icon, and its class list once per className. The icons, their names and
 * their props stay lucide's; `lucide-icon.test.tsx` holds the markup to lucide's own.
 */

/** lucide's nodes; a nested part's children (a third element) are not drawn, as lucide-react draws none. */
type IconNode = ([tag: string, attributes: object] | [tag: string, attributes: object, children: unknown])[];

/** What lucide 1.x's icon modules pass (`__iconData`); none of them uses 0.x's name-and-nodes form. */
interface IconData {
  name?: string;
  size?: number;
  width?: number;
  height?: number;
  node: IconNode;
  aliases?: unknown[];
}

export interface LucideIconProps extends Omit<SVGProps<SVGSVGElement>, 'ref'> {
  ref?: Ref<SVGSVGElement>;
  size?: string | number;
  absoluteStrokeWidth?: boolean;
  nonScalingStroke?: boolean;
  children?: ReactNode;
}

const DEFAULT_SIZE = 24;
const DEFAULT_STROKE_WIDTH = 2;

/** As lucide's `hasA11yProp`: an aria-*, role or title prop keeps the icon in the accessibility tree. */
function hasA11yProp(props: Record<string, unknown>): boolean {
  for (const prop in props) {
    if ((prop.startsWith('aria-') || prop === 'role' || prop === 'title') && props[prop] != null) return true;
  }
  return false;
}

/** Unique class tokens in first-seen order, as lucide's `mergeClasses`. */
function mergeClasses(classes: string[]): string {
  const tokens = new Set<string>();
  for (const cls of classes) for (const token of cls.split(/\s+/)) if (token) tokens.add(token);
  return [...tokens].join(' ');
}

/** A bound on remembered class lists per icon: classNames built from data would otherwise grow it. */
const CLASS_CACHE_LIMIT = 64;

export function createLucideIcon(data: IconData) {
  const viewBox = `0 0 ${data.size ?? data.width ?? DEFAULT_SIZE} ${data.size ?? data.height ?? DEFAULT_SIZE}`;
  const iconClasses = [
    'lucide',
    ...(data.name ? [`lucide-${data.name}`] : []),
    ...(data.aliases ?? []).filter((alias): alias is string => typeof alias === 'string' && alias.trim() !== '').map((alias) => `lucide-${alias}`),
  ];
  const classNames = new Map<string, string>();
  const classNameOf = (className: string) => {
    let merged = classNames.get(className);
    if (merged === undefined) {
      merged = mergeClasses([...iconClasses, className]);
      if (classNames.size < CLASS_CACHE_LIMIT) classNames.set(className, merged);
    }
    return merged;
  };
  // The shapes carry lucide's keys, so they can be reused as one array of children.
  const shapes = data.node.map(([tag, attributes]) => createElement(tag, attributes as Record<string, unknown>));
  let nonScalingShapes: ReactElement[] | undefined;

  function LucideIcon({ color, size, width, height, strokeWidth, absoluteStrokeWidth, nonScalingStroke, className = '', children, ...rest }: LucideIconProps) {
    const drawnWidth = width ?? size ?? DEFAULT_SIZE;
    const drawnStroke = absoluteStrokeWidth
      ? (Number(strokeWidth ?? DEFAULT_STROKE_WIDTH) * Number(data.size ?? data.width ?? DEFAULT_SIZE)) / Number(drawnWidth)
      : (strokeWidth ?? DEFAULT_STROKE_WIDTH);
    const hidden = !children && !hasA11yProp(rest);
    const drawn = nonScalingStroke
      ? (nonScalingShapes ??= data.node.map(([tag, attributes]) => createElement(tag, { vectorEffect: 'non-scaling-stroke', ...attributes })))
      : shapes;
    return createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: drawnWidth,
        height: height ?? size ?? DEFAULT_SIZE,
        viewBox,
        fill: 'none',
        stroke: color || 'currentColor',
        strokeWidth: drawnStroke,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: classNameOf(className),
        ...(hidden ? { 'aria-hidden': 'true' } : {}),
        ...rest,
      },
      drawn,
      children,
    );
  }
  if (data.name) {
    LucideIcon.displayName = data.name.replace(/(^|-)([a-z0-9])/g, (_match: string, _dash: string, letter: string) => letter.toUpperCase());
  }
  return LucideIcon;
}

export default createLucideIcon;
