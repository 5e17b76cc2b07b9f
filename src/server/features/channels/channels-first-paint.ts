import type { FastifyRequest } from 'fastify';
import { ChannelListQuerySchema, type Channel, type ChannelPage } from '../../../contract/channels.js';
import { paths } from '../../../contract/paths.js';
import { badge, buttonClass, escapeHtml, icon } from '../../http/first-paint.js';
import type { PageHeadBuilder } from '../../http/web-app.js';
import type { ChannelsService } from './channels.service.js';

/** features/channels/components/channel-card.tsx. */
function card(channel: Channel, viewerId: number | null): string {
  const isOwner = viewerId !== null && channel.userId === viewerId;
  const action = isOwner
    ? badge('Your channel', 'outline')
    : channel.isSubscribed
      ? `<span class="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground">${icon('check', 'size-4')}Subscribed</span>`
      : `<button data-slot="button" type="button" class="${buttonClass('default', 'sm')}" aria-label="Subscribe to ${escapeHtml(channel.name)}">${icon('bell')}Subscribe</button>`;
  const count = channel.subscriberCount;
  return (
    '<li class="grid"><article class="relative flex flex-col gap-3 rounded-lg border bg-card p-5 text-card-foreground shadow-sm transition-colors focus-within:ring-2 focus-within:ring-ring hover:border-foreground/30">' +
    '<div class="flex items-start justify-between gap-3"><h2 class="font-serif text-xl leading-tight font-semibold">' +
    `<a class="outline-none after:absolute after:inset-0 after:rounded-lg after:content-[''] hover:underline" href="${paths.channel(channel.id)}">${escapeHtml(channel.name)}</a></h2>` +
    (channel.category ? badge(channel.category) : '') +
    '</div>' +
    `<p class="flex items-center gap-1.5 text-sm text-muted-foreground">${icon('users', 'size-4')}${count} ${count === 1 ? 'subscriber' : 'subscribers'}</p>` +
    `<p class="line-clamp-3 flex-1 text-sm">${escapeHtml(channel.description)}</p>` +
    `<div class="relative z-10 flex">${action}</div>` +
    '</article></li>'
  );
}

/** features/channels/components/explore-channels.tsx in its default state (Subscriber Count, descending, no search). */
function channelsFirstPaint(page: ChannelPage, viewerId: number | null): string {
  const outline = buttonClass('outline', 'default');
  const hasCategories = page.items.some((channel) => channel.category?.trim());
  const create =
    viewerId !== null ? `<a data-slot="button" class="${buttonClass('default', 'default')}" href="${paths.newChannel}">${icon('plus')}Create Channel</a>` : '';
  const input =
    '<input data-slot="input" class="flex h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 py-1 text-base shadow-xs transition-colors outline-none placeholder:text-muted-foreground selection:bg-primary selection:text-primary-foreground disabled:cursor-not-allowed disabled:opacity-50 md:text-sm file:inline-flex file:h-7 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/60 aria-invalid:border-destructive aria-invalid:ring-destructive/30 pl-9" aria-label="Search channels" placeholder="Search channels..." type="search" value="">';
  const controls =
    '<div class="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center"><div class="relative flex-1">' +
    icon('search', 'pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground') +
    input +
    '</div><div class="flex flex-wrap gap-2">' +
    `<button data-slot="button" type="button" class="${outline}" aria-haspopup="menu">${icon('arrow-up-down')}Sort: Subscriber Count</button>` +
    `<button data-slot="button" type="button" class="${buttonClass('outline', 'icon')}" aria-label="Descending order; switch to ascending" title="Descending">${icon('arrow-down-wide-narrow')}</button>` +
    (hasCategories ? `<button data-slot="button" type="button" class="${outline}" aria-haspopup="menu">${icon('tag')}Categories</button>` : '') +
    '</div></div>';
  const list = page.items.length
    ? `<ul class="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">${page.items.map((channel) => card(channel, viewerId)).join('')}</ul>`
    : '<p class="py-16 text-center text-lg text-muted-foreground">No channels yet</p>';
  const more = page.nextCursor ? `<button data-slot="button" type="button" class="${outline}">Load more</button>` : '';
  return (
    '<div class="mx-auto max-w-6xl px-4 py-8 sm:py-10">' +
    '<div class="flex flex-col gap-4 border-b pb-6 sm:flex-row sm:items-end sm:justify-between"><div>' +
    '<h1 class="font-serif text-4xl font-bold tracking-tight sm:text-5xl">Explore Channels</h1>' +
    `<p class="mt-2 text-lg text-muted-foreground">Discover and subscribe to channels that interest you</p></div>${create}</div>` +
    controls +
    `<div class="mt-6">${list}<div class="flex justify-center py-6">${more}</div></div>` +
    '</div>'
  );
}

/**
 * /channels (Explore Channels) in its default state: the first page of channels, the viewer's own
 * left out, rides along as bootstrap data and is painted by the server. It is per viewer
 * (subscription state, own channels left out), and pages are never cached (no-store).
 */
export function channelsPage(channels: ChannelsService): PageHeadBuilder {
  return async (request: FastifyRequest) => {
    if (request.url !== paths.channels) return null;
    const viewer = request.user ?? null;
    const page = await channels.list(ChannelListQuerySchema.parse({ excludeOwn: 'true' }), viewer);
    return { head: '', data: { channels: page }, main: channelsFirstPaint(page, viewer?.id ?? null) };
  };
}
