// The server writes article bodies into the first paint with the same classes, so they live in the contract.
export { proseClassName } from '@contract/prose';
