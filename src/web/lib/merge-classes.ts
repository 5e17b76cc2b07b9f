/**
 * Tailwind class conflict resolution for cn(): of two classes that set the same thing, the later
 * wins (Button's `h-9 px-4` then a caller's `h-8 px-2` leaves `h-8 px-2`). It stands in for
 * tailwind-merge, which cost every page about 8.5 KB gzip in its first chunk, and gives twMerge's
 * result for the classes this code base writes, not for all of Tailwind: merge-classes.test.ts
 * checks every pair of the classes in src/web against twMerge, so a new class it reads wrongly
 * fails that test instead of merging wrongly unnoticed.
 *
 * A class is `variants:` (md:, hover:, data-[state=open]:, [&_svg]:, split at colons outside [] and
 * ()), then the utility, with `!` (important) before or after it, `-` (negative) before it and a
 * `/…` modifier after it (bg-black/50, text-sm/6). Two classes conflict when their variants and
 * importance match and the later one's group is the earlier one's or covers it. A class it does not
 * know (group, peer, lucide, tw-animate-css's animate-in) never conflicts, as in twMerge.
 */

/** An arbitrary value `[…]` or CSS variable `(--…)`. */
const ARB = String.raw`\[.+\]|\(.+\)`;
/** Any value: where a prefix has one reading (p-4, max-w-md, ease-in-out, y-[-50%]) its value is not checked. */
const ANY = String.raw`[\w.-]*(\w|\[.+\]|\(.+\))`;
/** T-shirt sizes as twMerge reads them: text-sm, text-2xl, shadow-xs. */
const TEE = String.raw`[\d.]*(xs|sm|md|lg|xl)`;
/** A width: a number or an arbitrary length (border-2, text-[13px]); border-[#ccc] is a colour. */
const WIDTH = String.raw`[\d.]+|\[(length:.+|[\d.]+[a-z%]*)\]`;

/**
 * The groups, tried in order: the first that matches the whole utility is its group, so a prefix's
 * specific readings come before its colour (text-sm, text-left, then text-muted-foreground). The
 * group is the capture's name plus what it captured: `(?<n>p|z|max-w)-…` makes p, z and max-w
 * groups of their own, the empty `(?<d>)` one group for all its classes.
 */
const GROUPS = new RegExp(
  `^(${[
    // Classes the only ones of their group here (twMerge's font-style, table-layout, text-wrap…);
    // no-underline and not-sr-only are in underline's and sr-only's, invisible in visible's.
    '(not?-|in)?(?<k>italic|visible|uppercase|truncate|tabular-nums|filter|backdrop-blur|divide-y|table-fixed|flex-wrap|border-collapse|text-balance|underline|sr-only)',
    '(?<d>)((inline-)?(block|flex|grid)|inline|table(-cell)?|hidden)', // display
    '(?<p>)(static|fixed|absolute|relative|sticky)', // position
    '(?<a>\\[[^:]+):.+\\]', // arbitrary property: [appearance:textfield] is in the "[appearance" group
    `(?<c>content)-(none|${ARB})`, // content-[''] (content-start is an alignment, below)
    `(?<e>animate)-(none|spin|ping|pulse|bounce|${ARB})`, // not animate-in
    '(?<f>flex)-(row|col)(-reverse)?',
    // text-sm is a font size (setting the line height too), text-left an alignment, other text-… colours.
    `(?<t>)text-(base|${TEE}|${WIDTH})`,
    '(?<l>)text-(left|center|right|justify|start|end)',
    // font-bold is a weight, font-serif a family.
    `(?<w>)font-(\\w*(bold|light)|thin|normal|medium|black|${ARB})`,
    '(?<y>)font-.+',
    // border, border-t-4, ring-2 and outline are widths; border-dashed and outline-none styles;
    // shadow-md and shadow-none shadows; border-input, ring-ring and shadow-black colours.
    `(?<b>border|ring(-offset)?|outline)(-(b[se]|[xytrblse]))?(-(${WIDTH}))?`,
    '(?<x>border|outline)-(solid|dashed|dotted|double|hidden|none)',
    `(?<h>shadow)(-(none|inner|${TEE}|\\[[\\d-].+\\]))?`,
    `(?<i>transition|rounded|grow|shrink)(-(${ANY}))?`,
    // top-2, right-0… reach here as inset-t-2, inset-r-0 (see readClass).
    `(?<n>(scroll-)?[pm]|inset|gap|space|translate|overflow|size|[wh]|(min|max)-[wh]|z|opacity|duration|delay|ease|grid-cols|line-clamp|underline-offset|outline-offset|tracking|leading|items|self|justify(-items|-self)?|content|whitespace|break|align|cursor|pointer-events|select|appearance|object|float|origin|aspect|flex|basis)(b[se]|[xytrblse])?-(${ANY})`,
    '(?<q>border|ring-offset|ring|outline|shadow|text|bg|accent|fill|from|via|to)-.+', // colours
  ].join('|')})$`,
);

/** The side of a spacing, inset, border or radius class: px → x, mt → t, inset-y-0 → y, border-b → b, rounded-t-md → t. */
const SIDE = /^(?:(?:scroll-)?[pm]|inset|gap|space|translate|overflow|border|rounded)-?(b[se]|[xytrblse])(?=-|$)/;

/** Groups that also override others: size-4 w and h; flex-1 grow, shrink and basis; text-sm leading; line-clamp display and overflow. */
const ALSO: Record<string, string[]> = {
  nsize: ['nw', 'nh'],
  nflex: ['igrow', 'ishrink', 'nbasis'],
  t: ['nleading'],
  'nline-clamp': ['d', 'noverflow'],
};

/** twMerge sorts variants (focus:hover: is hover:focus:) but not across these and arbitrary ones ([&_svg]). */
const ORDERED = /^(\*\*?|after|backdrop|before|details-content|file|first-l(etter|ine)|marker|placeholder|selection|\[.*)$/;

/** A class's variant key (sorted variants and `!`), group and side; null if it is not a class known here. */
function readClass(cls: string): string[] | null {
  // Split off the variants at colons outside [] and (), and find the last `/` outside them.
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  let slash = 0;
  for (let i = 0; i < cls.length; i++) {
    const c = cls[i]!;
    if ('[('.includes(c)) depth++;
    else if ('])'.includes(c)) depth--;
    else if (!depth && c == ':') {
      variants.push(cls.slice(start, i));
      start = i + 1;
    } else if (!depth && c == '/') slash = i;
  }
  const utility = cls.slice(start);
  // bg-black/50 is bg-black at 50% opacity, text-sm/6 text-sm with a line height; -mx-1 is mx-1;
  // top-2, right-0… are the insets' sides, as inset-y-0 is.
  const u = utility
    .slice(0, slash > start ? slash - start : undefined)
    .replace(/^!?-?|!$/g, '')
    .replace(/^(top|right|bottom|left|start|end)-/, (_, side: string) => `inset-${side[0]}-`);
  const match = GROUPS.exec(u);
  if (!match) return null;
  const sorted: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (ORDERED.test(variant)) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  const [name, text] = Object.entries(match.groups!).find(([, text]) => text != null)!;
  const side = SIDE.exec(u)?.[1] ?? '';
  return [sorted.concat(run.sort()).join(':') + (/^!|!$/.test(utility) ? '!|' : '|'), name + text, side];
}

/** Classes read so far: a page renders the same few hundred over and over. */
const read = new Map<string, string[] | null>();

/**
 * Whole lists merged so far. A server render calls cn() for every Button and Badge on the page, with
 * the same few hundred lists request after request; looking each up whole, as twMerge does, keeps
 * that at a Map lookup (without it an uncached article page cost about 0.7 ms more CPU). Emptied
 * when full, so odd lists cannot grow it without bound.
 */
const merged = new Map<string, string>();
const MERGED_MAX = 2000;

/** Joins the classes, dropping each Tailwind class that a later one overrides (twMerge's rule). */
export function mergeClasses(classList: string): string {
  let result = merged.get(classList);
  if (result === undefined) {
    if (merged.size >= MERGED_MAX) merged.clear();
    merged.set(classList, (result = mergeUncached(classList)));
  }
  return result;
}

function mergeUncached(classList: string): string {
  // What the classes kept so far set, as "variants|group|side", going from the last class back.
  const claimed = new Set<string>();
  const kept: string[] = [];
  for (const cls of classList.trim().split(/\s+/).reverse()) {
    let parsed = read.get(cls);
    if (parsed === undefined) read.set(cls, (parsed = readClass(cls)));
    if (parsed) {
      const [variants, group, side] = parsed as [string, string, string];
      const key = variants + group + '|';
      // A class without a side (p-4, inset-0, rounded-md) sets all sides: it claims '*'. One on an
      // axis (px-2, inset-y-0) sets that axis's sides: x's are r, l, s and e; y's t, b, bs and be.
      const axis = /^[rlse]$/.test(side) ? 'x' : /^[tb]/.test(side) ? 'y' : '-';
      if (claimed.has(key + side) || claimed.has(key + '*') || claimed.has(key + axis)) continue;
      claimed.add(key + (side || '*'));
      for (const other of ALSO[group] ?? []) claimed.add(variants + other + '|');
    }
    kept.push(cls);
  }
  return kept.reverse().join(' ');
}
