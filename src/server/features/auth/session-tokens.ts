import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url: what the cookie carries (the Copenhagen Book's session token). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a leaked database cannot be replayed as cookies. */
export function sessionIdFromToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
