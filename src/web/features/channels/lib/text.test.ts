import { describe, expect, it } from 'vitest';
import {
  createdChannelsText,
  descriptionCounterTone,
  formatDate,
  pluralize,
  remainingChannelsText,
  subscribedChannelsText,
  subscribedPeopleText,
} from './text';

describe('description counter colour', () => {
  it('is plain up to 750, amber above 750, red and bold at 800', () => {
    expect(descriptionCounterTone(0)).toBe('normal');
    expect(descriptionCounterTone(750)).toBe('normal');
    expect(descriptionCounterTone(751)).toBe('warning');
    expect(descriptionCounterTone(799)).toBe('warning');
    expect(descriptionCounterTone(800)).toBe('limit');
  });
});

describe('the counted texts of the channel pages', () => {
  it('pluralises', () => {
    expect(pluralize(1, 'subscriber')).toBe('1 subscriber');
    expect(pluralize(0, 'subscriber')).toBe('0 subscribers');
    expect(pluralize(2, 'person', 'people')).toBe('2 people');
  });

  it("says person or people on the subscribers page", () => {
    expect(subscribedPeopleText(1)).toBe('1 person subscribed to this channel');
    expect(subscribedPeopleText(3)).toBe('3 people subscribed to this channel');
    expect(subscribedPeopleText(0)).toBe('0 people subscribed to this channel');
  });

  it('counts subscriptions and created channels', () => {
    expect(subscribedChannelsText(1)).toBe('You are currently subscribed to 1 channel(s)');
    expect(subscribedChannelsText(4)).toBe('You are currently subscribed to 4 channel(s)');
    expect(createdChannelsText(3)).toBe('Channels you have created 3 out of 10 (max 10)');
  });

  it('notes how many more channels may be created', () => {
    expect(remainingChannelsText(0)).toBe('You can create 10 more channels (maximum 10).');
    expect(remainingChannelsText(9)).toBe('You can create 1 more channel (maximum 10).');
    expect(remainingChannelsText(12)).toBe('You can create 0 more channels (maximum 10).');
  });
});

describe('formatDate', () => {
  it('formats an ISO date in the en-US short form and refuses nonsense', () => {
    expect(formatDate('2026-03-05T12:00:00.000Z')).toBe('Mar 5, 2026');
    expect(formatDate('not a date')).toBeNull();
    expect(formatDate(null)).toBeNull();
  });
});
