import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

export interface SessionUserRow {
  session_id: string;
  expires_at: number;
  user_id: number;
  username: string;
  description: string | null;
  is_admin: number;
  has_password: number;
  created_at: number;
}

export function createSessionsRepository(db: Database) {
  return {
    async insert(session: { id: string; userId: number; now: number; expiresAt: number }): Promise<void> {
      await db
        .insertInto('sessions')
        .values({ id: session.id, user_id: session.userId, created_at: session.now, expires_at: session.expiresAt })
        .execute();
    },

    /** The session with its user in one query: the lookup of every signed-in request. */
    async findWithUser(sessionId: string): Promise<SessionUserRow | undefined> {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select((eb) => [
          'sessions.id as session_id',
          'sessions.expires_at',
          'users.id as user_id',
          'users.username',
          'users.description',
          'users.is_admin',
          'users.created_at',
          eb.case().when('users.password_hash', 'is not', null).then(1).else(0).end().as('has_password'),
        ])
        .where('sessions.id', '=', sessionId)
        .executeTakeFirst();
    },

    /** Slides the expiry to `expiresAt`, but never past the session's start plus `absoluteMs`. */
    async extend(sessionId: string, expiresAt: number, absoluteMs: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ expires_at: sql<number>`case when created_at + ${absoluteMs} < ${expiresAt} then created_at + ${absoluteMs} else ${expiresAt} end` })
        .where('id', '=', sessionId)
        .execute();
    },

    /** The account's suspension, if it has one (in force or ended). */
    async suspension(userId: number): Promise<{ suspended_at: number | null; suspended_until: number | null } | undefined> {
      return db.selectFrom('users').select(['suspended_at', 'suspended_until']).where('id', '=', userId).executeTakeFirst();
    },

    async delete(sessionId: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    },

    async deleteAllForUser(userId: number, exceptSessionId?: string): Promise<void> {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
      await query.execute();
    },

    async deleteExpired(now: number): Promise<number> {
      const result = await db.deleteFrom('sessions').where('expires_at', '<', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
