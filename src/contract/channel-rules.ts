// Zod-free: the web client imports these at run time, and importing the module with the schemas
// would put zod into the first load of the pages that use them.

export const CHANNEL_MESSAGES = {
  limitReached: 'You have reached the maximum limit of 10 channels.',
  noPermission: "You don't have permission to view this page",
  notFound: 'Channel not found',
  ownChannel: 'You cannot subscribe to your own channel',
  signInToCreate: 'You must be logged in to create a channel',
} as const;

export const CHANNEL_SORTS = ['subscribers', 'created', 'articles'] as const;
export type ChannelSort = (typeof CHANNEL_SORTS)[number];
