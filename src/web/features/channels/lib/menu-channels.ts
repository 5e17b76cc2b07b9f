import type { Channel } from '@contract/channels';
import { STAFF_MESSAGES, type ChannelRole, type StaffRole } from '@contract/staff-rules';

/** A channel the reader is staff of (not owner), as the page composes it into the menus. */
export interface StaffChannelRef {
  id: number;
  name: string;
  role: StaffRole;
}

/** One line of the header's channel menus: a channel and the reader's place in it. */
export interface MenuChannel {
  id: number;
  name: string;
  role: ChannelRole;
  /** 'Editor' / 'Writer' for staff channels; null for the reader's own. */
  roleLabel: string | null;
}

/**
 * The channels the menus list (with the newsroom, docs/product.md#newsroom): the reader's own first, as the API orders
 * them, then those they are staff of with their role. A channel appears once, as its owner's.
 */
export function menuChannels(own: readonly Pick<Channel, 'id' | 'name'>[], staff: readonly StaffChannelRef[] = []): MenuChannel[] {
  const owned = new Set(own.map((channel) => channel.id));
  return [
    ...own.map((channel) => ({ id: channel.id, name: channel.name, role: 'owner' as const, roleLabel: null })),
    ...staff
      .filter((channel) => !owned.has(channel.id))
      .map((channel) => ({ id: channel.id, name: channel.name, role: channel.role, roleLabel: STAFF_MESSAGES.roleLabels[channel.role] })),
  ];
}
