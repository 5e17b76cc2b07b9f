import type { Database } from '../../db/database.js';
import type { UserRow } from '../users/users.repository.js';

/** An account at an OpenID Connect issuer: (issuer, subject) is the only key we trust. */
export interface ExternalIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
  /** The issuer vouches for the address (email_verified): it becomes the new account's confirmed email. */
  emailVerified?: boolean;
}

export function createIdentitiesRepository(db: Database) {
  return {
    /** The user linked to an issuer's subject, if any. Never looks at email or username. */
    findUser(issuer: string, subject: string): Promise<(UserRow & { identity_email: string | null; identity_name: string | null }) | undefined> {
      return db
        .selectFrom('user_identities')
        .innerJoin('users', 'users.id', 'user_identities.user_id')
        .select([
          'users.id',
          'users.username',
          'users.password_hash',
          'users.description',
          'users.is_admin',
          'users.created_at',
          'user_identities.email as identity_email',
          'user_identities.name as identity_name',
        ])
        .where('user_identities.issuer', '=', issuer)
        .where('user_identities.subject', '=', subject)
        .executeTakeFirst();
    },

    /** Links an identity to a user; answers false when the (issuer, subject) pair is already linked. */
    async insert(identity: ExternalIdentity & { userId: number; now: number }): Promise<boolean> {
      const inserted = await db
        .insertInto('user_identities')
        .values({
          user_id: identity.userId,
          issuer: identity.issuer,
          subject: identity.subject,
          email: identity.email,
          name: identity.name,
          created_at: identity.now,
        })
        .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Keeps the stored email and name in step with what the issuer says now. */
    async updateProfile(identity: ExternalIdentity): Promise<void> {
      await db
        .updateTable('user_identities')
        .set({ email: identity.email, name: identity.name })
        .where('issuer', '=', identity.issuer)
        .where('subject', '=', identity.subject)
        .execute();
    },
  };
}
