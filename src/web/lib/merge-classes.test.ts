import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { mergeClasses } from './merge-classes';
import { cn } from './utils';

const WEB = fileURLToPath(new URL('..', import.meta.url));

/** Starts as a utility, variant or arbitrary property does, and uses only the characters classes use. */
const CLASS_LIKE = /^!?-?[a-z[*@][\w\-:/.[\]()=&>!%*,'#+@]*$/;

/**
 * Every class-like token of every string literal and template-literal chunk in src/web's source
 * (tests aside): className="…", cva(…), cn(…) and constants, but also ids, words of messages and
 * paths, which are not classes and must merge as twMerge merges them (kept as they are).
 */
function classTokens(): string[] {
  const tokens = new Set<string>();
  const files = readdirSync(WEB, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(path.join(WEB, file), 'utf8'), ts.ScriptTarget.Latest);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isTemplateLiteralToken(node)) {
        for (const token of node.text.split(/\s+/)) if (CLASS_LIKE.test(token) && !/[.,]$/.test(token)) tokens.add(token);
      }
      node.forEachChild(visit);
    };
    visit(source);
  }
  return [...tokens].sort();
}

describe('mergeClasses', () => {
  it.each([
    // A caller's className overrides a component's defaults (Button's size, then className).
    ['inline-flex h-9 px-4 py-2 h-8 px-2', 'inline-flex py-2 h-8 px-2'],
    ['size-9 h-8', 'size-9 h-8'],
    ['h-8 w-8 size-9', 'size-9'],
    // A font size and a colour are different things; so are a width, a style and a colour.
    ['text-sm text-muted-foreground', 'text-sm text-muted-foreground'],
    ['text-sm text-left text-lg', 'text-left text-lg'],
    ['text-[13px] text-sm text-[#333]', 'text-sm text-[#333]'],
    ['leading-5 text-sm/6', 'text-sm/6'],
    ['font-bold font-serif font-semibold', 'font-serif font-semibold'],
    ['border border-input border-dashed border-2', 'border-input border-dashed border-2'],
    ['ring-2 ring-ring ring-0', 'ring-ring ring-0'],
    ['shadow-md shadow-none', 'shadow-none'],
    ['outline outline-none', 'outline outline-none'],
    ['bg-primary hover:bg-primary/90 bg-black/50', 'hover:bg-primary/90 bg-black/50'],
    ['w-full w-[20rem]', 'w-[20rem]'],
    // A side yields to the whole box later, not the whole box to a side.
    ['p-4 px-2', 'p-4 px-2'],
    ['px-2 pt-1 p-4', 'p-4'],
    ['pl-3 px-2 py-1', 'px-2 py-1'],
    ['top-2 left-0 inset-y-0', 'left-0 inset-y-0'],
    ['rounded-t-md rounded-md', 'rounded-md'],
    ['border-t-4 border', 'border'],
    ['gap-x-2 gap-4', 'gap-4'],
    ['shrink-0 flex-1', 'flex-1'],
    ['block overflow-hidden overflow-x-auto line-clamp-2', 'overflow-x-auto line-clamp-2'],
    // Variants must match (in any order, as twMerge sorts them); so must importance.
    ['bg-y dark:bg-x', 'bg-y dark:bg-x'],
    ['dark:bg-y dark:bg-x', 'dark:bg-x'],
    ['hover:focus:bg-y focus:hover:bg-x', 'focus:hover:bg-x'],
    ['!mt-1 mt-2', '!mt-1 mt-2'],
    ['-mt-1 mt-2', 'mt-2'],
    // Classes that are not Tailwind's never conflict.
    ['group peer lucide lucide-x animate-in group', 'group peer lucide lucide-x animate-in group'],
  ])('%s → %s, as twMerge', (input, expected) => {
    expect(mergeClasses(input)).toBe(expected);
    expect(twMerge(input)).toBe(expected);
  });

  it('backs cn(), which still takes clsx inputs', () => {
    expect(cn('h-9 px-4', { 'h-8': true, 'px-6': false }, ['text-sm', undefined])).toBe('px-4 h-8 text-sm');
    expect(cn()).toBe('');
  });

  it("gives twMerge's result for every ordered pair of the classes written in src/web", () => {
    const tokens = classTokens();
    // Both keep a class unless a later kept class overrides it, so agreeing on every ordered pair
    // (does b override a?) is agreeing on any list of these classes. A class neither one knows
    // (group, lucide, a word of a message) is kept as it is and overrides nothing, so any pair with
    // it merges to the pair itself in both; whether each knows a class shows in its pair with itself
    // (a known class drops the first copy). So the pairs of each token with itself and every ordered
    // pair of the classes either knows are all the pairs that can differ. MERGE_CLASSES_ALL_PAIRS=1
    // checks every pair anyway (about 10 s).
    const known = new Set(
      process.env.MERGE_CLASSES_ALL_PAIRS
        ? tokens
        : tokens.filter((token) => twMerge(`${token} ${token}`) === token || mergeClasses(`${token} ${token}`) === token),
    );
    const mismatches: string[] = [];
    const check = (classes: string): void => {
      const ours = mergeClasses(classes);
      const theirs = twMerge(classes);
      if (ours !== theirs) mismatches.push(`"${classes}": mergeClasses "${ours}", twMerge "${theirs}"`);
    };
    for (const token of tokens) if (!known.has(token)) check(`${token} ${token}`);
    for (const a of known) for (const b of known) check(`${a} ${b}`);
    const pairs = known.size ** 2 + tokens.length - known.size;
    console.info(`mergeClasses: ${tokens.length} tokens, ${known.size} classes, ${pairs} pairs checked`);
    expect(tokens.length).toBeGreaterThan(500);
    expect(mismatches, `${mismatches.length} of ${pairs} pairs differ:\n${mismatches.join('\n')}`).toEqual([]);
  }, 60_000); // 2-4 s; all pairs about 10 s
});
