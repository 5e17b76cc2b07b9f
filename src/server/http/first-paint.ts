/**
 * The first paint: markup the server writes into #root so a page shows before its JavaScript has
 * run (docs/performance.md, "Front end"). React's first render (createRoot) then replaces it with
 * the same boxes, so every element here carries the exact classes the React components render
 * (src/web/app/layout/*, src/web/components/ui/*); a class that React never renders would not be in
 * the stylesheet. e2e/first-paint.e2e.test.ts compares the two renders box by box.
 *
 * Everything interpolated goes through escapeHtml, except article bodies, which are sanitized on
 * every write (DESIGN.md section 2) and which React also inserts as HTML.
 */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** components/ui/button.tsx: the base classes, then the variant's and the size's (tailwind-merge drops gap-2 for size sm). */
const BUTTON_BASE_START = 'inline-flex shrink-0 items-center justify-center';
const BUTTON_BASE_END =
  "whitespace-nowrap rounded-md text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 aria-invalid:border-destructive [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";
const VARIANTS = {
  default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
  outline: 'border border-input bg-background shadow-xs hover:bg-accent hover:text-accent-foreground',
  ghost: 'hover:bg-accent hover:text-accent-foreground',
} as const;
const SIZES = { default: 'h-9 px-4 py-2 has-[>svg]:px-3', sm: 'h-8 gap-1.5 px-3 has-[>svg]:px-2.5', icon: 'size-9' } as const;

export function buttonClass(variant: keyof typeof VARIANTS, size: keyof typeof SIZES, extra = ''): string {
  const gap = size === 'sm' ? '' : ' gap-2';
  return `${BUTTON_BASE_START}${gap} ${BUTTON_BASE_END} ${VARIANTS[variant]} ${SIZES[size]}${extra ? ` ${extra}` : ''}`;
}

/** components/ui/badge.tsx, secondary and outline variants. */
const BADGE_BASE =
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 overflow-hidden rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring [&>svg]:pointer-events-none [&>svg]:size-3';
export function badge(text: string, variant: 'secondary' | 'outline' = 'secondary', extra = ''): string {
  const variantClass =
    variant === 'secondary'
      ? 'border-transparent bg-secondary text-secondary-foreground [a&]:hover:bg-secondary/80'
      : 'text-foreground [a&]:hover:bg-accent [a&]:hover:text-accent-foreground';
  return `<span data-slot="badge" class="${BADGE_BASE} ${variantClass}${extra ? ` ${extra}` : ''}">${escapeHtml(text)}</span>`;
}

/** The lucide icons the first paint uses (lucide-react's markup). */
const ICON_PATHS = {
  image: '<rect width="18" height="18" x="3" y="3" rx="2" ry="2"></rect><circle cx="9" cy="9" r="2"></circle><path d="m21 15-3.086-3.086a2 2 0 0 0-2.828 0L6 21"></path>',
  menu: '<path d="M4 5h16"></path><path d="M4 12h16"></path><path d="M4 19h16"></path>',
  'map-pin':
    '<path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"></path><circle cx="12" cy="10" r="3"></circle>',
  eye: '<path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0"></path><circle cx="12" cy="12" r="3"></circle>',
  'eye-off':
    '<path d="M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49"></path><path d="M14.084 14.158a3 3 0 0 1-4.242-4.242"></path><path d="M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143"></path><path d="m2 2 20 20"></path>',
  'thumbs-up':
    '<path d="M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z"></path><path d="M7 10v12"></path>',
  'thumbs-down':
    '<path d="M9 18.12 10 14H4.17a2 2 0 0 1-1.92-2.56l2.33-8A2 2 0 0 1 6.5 2H20a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-2.76a2 2 0 0 0-1.79 1.11L12 22a3.13 3.13 0 0 1-3-3.88Z"></path><path d="M17 14V2"></path>',
  'message-square':
    '<path d="M22 17a2 2 0 0 1-2 2H6.828a2 2 0 0 0-1.414.586l-2.202 2.202A.71.71 0 0 1 2 21.286V5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2z"></path>',
  share: '<path d="M12 2v13"></path><path d="m16 6-4-4-4 4"></path><path d="M4 12v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8"></path>',
  'arrow-up-down': '<path d="m21 16-4 4-4-4"></path><path d="M17 20V4"></path><path d="m3 8 4-4 4 4"></path><path d="M7 4v16"></path>',
  'arrow-down-wide-narrow': '<path d="m3 16 4 4 4-4"></path><path d="M7 20V4"></path><path d="M11 4h10"></path><path d="M11 8h7"></path><path d="M11 12h4"></path>',
  funnel:
    '<path d="M10 20a1 1 0 0 0 .553.895l2 1A1 1 0 0 0 14 21v-7a2 2 0 0 1 .517-1.341L21.74 4.67A1 1 0 0 0 21 3H3a1 1 0 0 0-.742 1.67l7.225 7.989A2 2 0 0 1 10 14z"></path>',
  'pen-line':
    '<path d="M13 21h8"></path><path d="M21.174 6.812a1 1 0 0 0-3.986-3.987L3.842 16.174a2 2 0 0 0-.5.83l-1.321 4.352a.5.5 0 0 0 .623.622l4.353-1.32a2 2 0 0 0 .83-.497z"></path>',
  search: '<path d="m21 21-4.34-4.34"></path><circle cx="11" cy="11" r="8"></circle>',
  tag: '<path d="M12.586 2.586A2 2 0 0 0 11.172 2H4a2 2 0 0 0-2 2v7.172a2 2 0 0 0 .586 1.414l8.704 8.704a2.426 2.426 0 0 0 3.42 0l6.58-6.58a2.426 2.426 0 0 0 0-3.42z"></path><circle cx="7.5" cy="7.5" r=".5" fill="currentColor"></circle>',
  users:
    '<path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2"></path><path d="M16 3.128a4 4 0 0 1 0 7.744"></path><path d="M22 21v-2a4 4 0 0 0-3-3.87"></path><circle cx="9" cy="7" r="4"></circle>',
  bell: '<path d="M10.268 21a2 2 0 0 0 3.464 0"></path><path d="M3.262 15.326A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 8c0 4.499-1.411 5.956-2.738 7.326"></path>',
  check: '<path d="M20 6 9 17l-5-5"></path>',
  plus: '<path d="M5 12h14"></path><path d="M12 5v14"></path>',
} as const;
export type IconName = keyof typeof ICON_PATHS;

export function icon(name: IconName, extraClass = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-${name}${extraClass ? ` ${extraClass}` : ''}" aria-hidden="true">${ICON_PATHS[name]}</svg>`;
}

/**
 * The frame of every page (app/layout/root-layout.tsx and app-header.tsx) around `main`. A
 * signed-in visitor's header controls (channel switcher, user menu) depend on data only the client
 * loads, so they appear with the client render, in the header's fixed-height row (nothing moves).
 */
export function appShell(main: string, options: { signedIn: boolean }): string {
  const anonymousNav = options.signedIn
    ? ''
    : `<button data-slot="button" type="button" class="${buttonClass('ghost', 'icon')}" aria-label="Hide images" data-hint="images">${icon('image')}</button>` +
      `<a data-slot="button" class="${buttonClass('default', 'sm', 'ml-2')}" href="/auth">Login</a>`;
  return (
    '<a href="#main" class="sr-only rounded-md border bg-background text-sm font-medium shadow-md focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-2">Skip to main content</a>' +
    // data-first-paint: gone once React has rendered (the browser journeys wait for that).
    '<div class="flex min-h-dvh flex-col" data-first-paint="">' +
    '<header class="sticky top-0 z-40 border-b-4 border-double border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">' +
    '<div class="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">' +
    '<a class="rounded-sm font-serif text-2xl font-bold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background sm:text-3xl" href="/">Broadsheet</a>' +
    `<nav aria-label="Main" class="ml-auto hidden items-center gap-1 md:flex">${anonymousNav}</nav>` +
    `<div class="ml-auto md:hidden"><button data-slot="button" type="button" class="${buttonClass('ghost', 'icon')}" aria-label="Open menu" aria-haspopup="dialog">${icon('menu')}</button></div>` +
    '</div></header>' +
    `<main id="main" tabindex="-1" class="flex-1 outline-none">${main}</main>` +
    '</div>'
  );
}
