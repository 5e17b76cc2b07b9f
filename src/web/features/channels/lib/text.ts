import { dateFormat } from '@contract/formats';
import { LIMITS } from '@contract/limits';

/** '1 subscriber', '2 subscribers'. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** '{n} person/people subscribed to this channel' (docs/product.md#channels). */
export function subscribedPeopleText(count: number): string {
  return `${pluralize(count, 'person', 'people')} subscribed to this channel`;
}

/**
 * docs/product.md#profile: it "reads 'You are currently subscribed to N channel(s)'", word for word (only
 * N is a placeholder; where the product means a plural it writes both forms, as in 'person/people').
 */
export function subscribedChannelsText(count: number): string {
  return `You are currently subscribed to ${count} channel(s)`;
}

/** 'Channels you have created N out of 10 (max 10)' (docs/product.md#channels). */
export function createdChannelsText(count: number): string {
  const max = LIMITS.channelsPerUser;
  return `Channels you have created ${count} out of ${max} (max ${max})`;
}

/** The note on the create form: how many more channels the user may create. */
export function remainingChannelsText(owned: number): string {
  const left = Math.max(0, LIMITS.channelsPerUser - owned);
  return `You can create ${pluralize(left, 'more channel', 'more channels')} (maximum ${LIMITS.channelsPerUser}).`;
}

export type CounterTone = 'normal' | 'warning' | 'limit';

/** The 'n/800 chars' counter is amber above 750 and red and bold at 800 (docs/product.md#channels and #limits). */
export function descriptionCounterTone(length: number): CounterTone {
  if (length >= LIMITS.channelDescriptionMax) return 'limit';
  if (length > LIMITS.channelDescriptionWarnAbove) return 'warning';
  return 'normal';
}

export const COUNTER_TONE_CLASSES: Record<CounterTone, string> = {
  normal: 'text-muted-foreground',
  warning: 'text-amber-700 dark:text-amber-400',
  limit: 'font-bold text-red-700 dark:text-red-400',
};

/**
 * 'Mar 5, 2026' (en-US short form), or null when the date is missing or invalid;
 * in the page's time zone (usePagePreferences), so the server and the browser print the same day.
 */
export function formatDate(value: string | null | undefined, timeZone?: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return dateFormat({ year: 'numeric', month: 'short', day: 'numeric', timeZone }).format(date);
}
