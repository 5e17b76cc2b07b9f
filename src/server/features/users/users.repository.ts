import type { Database } from '../../db/database.js';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema.js';
import type { PublicUser } from '../../../contract/users.js';

/** A user as the repository reads it: the columns of `users` it selects (userColumns). */
export type UserRow = Pick<Selectable<UsersTable>, 'id' | 'username' | 'password_hash' | 'description' | 'is_admin' | 'created_at'>;

export function userRowToPublicUser(row: Pick<UserRow, 'id' | 'username' | 'description' | 'created_at'>): PublicUser {
  const createdAt = new Date(row.created_at).toISOString();
  return { id: row.id, username: row.username, description: row.description, created_at: createdAt, createdAt };
}

/** The key that makes usernames unique ignoring case. */
/** A user as GET /api/user and the sign-in answers show them. */
export const userRowToCurrentUser = (row: UserRow) => ({
  id: row.id,
  username: row.username,
  description: row.description,
  isAdmin: row.is_admin === 1,
  hasPassword: row.password_hash !== null,
  createdAt: new Date(row.created_at).toISOString(),
});

export const usernameKey = (username: string) => username.toLowerCase();

const userColumns = ['id', 'username', 'password_hash', 'description', 'is_admin', 'created_at'] as const;

export function createUsersRepository(db: Database) {
  return {
    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
    },

    findByUsername(username: string): Promise<UserRow | undefined> {
      // A remote account (a fediverse reply's author) is none of the site's people: no profile, no sign-in.
      return db.selectFrom('users').select(userColumns).where('username_key', '=', usernameKey(username)).where('remote_actor_uri', 'is', null).executeTakeFirst();
    },

    /** Inserts a user; answers undefined when the username is taken (in any case). */
    async insert(user: { username: string; passwordHash: string | null; now: number }): Promise<UserRow | undefined> {
      const values: Omit<UsersTable, 'id' | 'is_admin' | 'email' | 'email_key' | 'notify_replies' | 'suspended_at' | 'suspended_until' | 'suspension_reason' | 'suspended_by' | 'remote_actor_uri' | 'remote_name' | 'remote_url'> = {
        username: user.username,
        username_key: usernameKey(user.username),
        password_hash: user.passwordHash,
        description: null,
        created_at: user.now,
        updated_at: user.now,
      };
      const inserted = await db
        .insertInto('users')
        .values(values)
        .onConflict((oc) => oc.column('username_key').doNothing())
        .returning(userColumns)
        .executeTakeFirst();
      return inserted;
    },

    async updateDescription(id: number, description: string | null, now: number): Promise<UserRow | undefined> {
      return db
        .updateTable('users')
        .set({ description, updated_at: now })
        .where('id', '=', id)
        .returning(userColumns)
        .executeTakeFirst();
    },

    async updatePasswordHash(id: number, passwordHash: string, now: number): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute();
    },

    /** Grants or revokes admin by username; answers whether such a user exists. */
    async setAdmin(username: string, isAdmin: boolean): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ is_admin: isAdmin ? 1 : 0 })
        .where('username_key', '=', usernameKey(username))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async count(): Promise<number> {
      const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('remote_actor_uri', 'is', null).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
