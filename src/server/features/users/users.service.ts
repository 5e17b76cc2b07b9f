import type { Author, AuthorArticlesPage, AuthorArticlesQuery, PublicUser, UserExport, UserSegment } from '../../../contract/users.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { ListingsService } from '../articles/listings.service.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { ChannelsService } from '../channels/channels.service.js';
import type { UserExportRepository } from './user-export.repository.js';
import { userRowToPublicUser, type UserRow, type UsersRepository } from './users.repository.js';

export interface UsersServiceDeps {
  users: UsersRepository;
  channels: Pick<ChannelsService, 'ofOwner'>;
  articles: Pick<ListingsService, 'byAuthor'>;
  exports: UserExportRepository;
  /** Announces a committed write: cached answers carrying these tags are dropped. */
  written: (tags: readonly string[]) => void;
}

const USER_NOT_FOUND = 'User not found';

/**
 * Profiles and author pages (docs/product.md#authors): a user by id (the first product's GET /api/users/{id})
 * or by username (their author page), their published articles, and their own bio.
 */
export function createUsersService({ users, channels, articles, exports, written }: UsersServiceDeps) {
  async function find(segment: UserSegment): Promise<UserRow> {
    const row = 'id' in segment ? await users.findById(segment.id) : await users.findByUsername(segment.username);
    if (!row) throw notFound(USER_NOT_FOUND);
    return row;
  }

  return {
    /** The first product's profile answer, by id. */
    async profile(id: number): Promise<PublicUser> {
      return userRowToPublicUser(await find({ id }));
    },

    /** An author by username: bio, joining date and the channels they own. */
    async author(username: string): Promise<Author> {
      const row = await find({ username });
      const owned = await channels.ofOwner(row.id, null);
      return {
        id: row.id,
        username: row.username,
        bio: row.description,
        createdAt: new Date(row.created_at).toISOString(),
        channels: owned.map((channel) => ({ id: channel.id, name: channel.name, slug: channel.slug })),
      };
    },

    /** A page of the author's published articles, newest first; the author by id or username. */
    async authorArticles(segment: UserSegment, query: AuthorArticlesQuery): Promise<AuthorArticlesPage> {
      const row = await find(segment);
      return articles.byAuthor(row.id, query);
    },

    /** The signed-in user's own bio; blank is none. */
    async updateBio(me: SessionUser, id: number, description: string | null): Promise<PublicUser> {
      if (me.id !== id) {
        if (!(await users.findById(id))) throw notFound(USER_NOT_FOUND);
        throw forbidden('You can only edit your own profile');
      }
      const updated = await users.updateDescription(me.id, description?.trim() ? description : null, Date.now());
      if (!updated) throw notFound(USER_NOT_FOUND);
      // Their author page and its JSON show the bio.
      written([CACHE_TAGS.authors]);
      return userRowToPublicUser(updated);
    },

    /** The signed-in person's own data, for them to download. */
    async exportOwn(me: SessionUser): Promise<UserExport> {
      const data = await exports.exportOf(me.id);
      if (!data) throw notFound(USER_NOT_FOUND);
      return { format: 'broadsheet-user-export', exportedAt: new Date().toISOString(), ...data };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
