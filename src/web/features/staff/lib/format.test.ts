import { describe, expect, it } from 'vitest';
import type { ChannelLogEntry } from '@contract/staff';
import { invitationsLabel, logDetail, logSentence } from './format';

const entry = (patch: Partial<ChannelLogEntry>): ChannelLogEntry => ({
  at: '2026-11-29T10:00:00.000Z',
  actor: { id: 1, username: 'olive' },
  action: 'invited',
  target: { type: 'user', id: 2, username: 'wren' },
  detail: 'writer',
  ...patch,
});

const line = (patch: Partial<ChannelLogEntry>) => {
  const { actor, rest } = logSentence(entry(patch));
  return `${actor} ${rest}`;
};

describe('a line of the channel log', () => {
  it('names the role given by an invitation or a role change, and shows no role as a detail', () => {
    expect(line({})).toBe('olive invited wren as Writer');
    expect(line({ action: 'role_changed', detail: 'editor' })).toBe('olive changed the role of wren to Editor');
    expect(logDetail(entry({}))).toBeNull();
  });

  it('names an article by its title and keeps the review note as its detail', () => {
    const changes = entry({ action: 'changes_requested', target: { type: 'article', id: 9, title: 'Budget vote' }, detail: 'Check the figures' });
    expect(line(changes)).toBe('olive requested changes to “Budget vote”');
    expect(logDetail(changes)).toBe('Check the figures');
  });

  it('writes when a scheduled article goes out for people, in the reader’s zone', () => {
    const scheduled = entry({ action: 'scheduled', target: { type: 'article', id: 9, title: 'Budget vote' }, detail: '2026-12-01T19:31:00.000Z' });
    expect(logDetail(scheduled, 'Europe/Berlin')?.replace(/\s/g, ' ')).toBe('Goes out Dec 1, 2026, 8:31 PM');
    expect(logDetail(scheduled, 'Pacific/Auckland')?.replace(/\s/g, ' ')).toBe('Goes out Dec 2, 2026, 8:31 AM');
  });

  it('tells a publication on schedule from one by hand, naming who set the time', () => {
    const onSchedule = entry({ actor: { id: 3, username: 'nora_owner' }, action: 'published_on_schedule', target: { type: 'article', id: 9, title: 'Budget vote' }, detail: null });
    expect(line(onSchedule)).toBe('“Budget vote” published on schedule (set by nora_owner)');
    expect(logSentence(onSchedule).rest).toBe('published on schedule (set by nora_owner)');
    expect(line({ action: 'published', target: { type: 'article', id: 9, title: 'Budget vote' }, detail: null })).toBe('olive published “Budget vote”');
  });

  it('says plainly when someone answers their own invitation or leaves', () => {
    const self = { actor: { id: 2, username: 'wren' }, target: { type: 'user' as const, id: 2, username: 'wren' }, detail: null };
    expect(line({ ...self, action: 'invitation_accepted' })).toBe('wren accepted the invitation to join');
    expect(line({ ...self, action: 'invitation_accepted', detail: 'editor' })).toBe('wren accepted the invitation to join as Editor');
    expect(logDetail(entry({ ...self, action: 'invitation_accepted', detail: 'editor' }))).toBeNull();
    expect(line({ ...self, action: 'left' })).toBe('wren left the staff');
    expect(line({ action: 'removed', detail: null })).toBe('olive removed wren');
  });
});

describe('the invitations badge’s name', () => {
  it('counts in words', () => {
    expect(invitationsLabel(1)).toBe('1 invitation');
    expect(invitationsLabel(2)).toBe('2 invitations');
  });
});
