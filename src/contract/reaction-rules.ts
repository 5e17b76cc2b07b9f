// Zod-free: the web client imports these at run time, and importing the module with the schemas
// would put zod into the first load of the pages that use them.

export const REACTION_MESSAGES = {
  /** Reactions require login (docs/product.md#comments). */
  signIn: 'Please log in to react to articles',
  signInTitle: 'Authentication Required',
} as const;
