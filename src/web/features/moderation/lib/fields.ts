/** The reasons a reader may give, in the words the dialog and the queue show. */
export const REASON_LABELS = {
  spam: 'Spam',
  harassment: 'Harassment',
  misinformation: 'Misinformation',
  other: 'Other',
} as const;

export const REASON_HINTS = {
  spam: 'Advertising, scams or the same text posted again and again',
  harassment: 'Abuse, threats or attacks on a person',
  misinformation: 'False claims presented as fact',
  other: 'Something else a moderator should look at',
} as const;
