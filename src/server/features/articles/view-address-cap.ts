import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

/** docs/product.md#views: one address adds at most this many anonymous views per article per UTC day. */
export const ANONYMOUS_VIEWS_PER_ADDRESS = 20;

/**
 * Takes one of the address's anonymous views of the article for the day, inside the transaction
 * that counts the view; false once the address has used them all. Why per address and not only per
 * viewer key: the key hashes the address with the user agent, and a client can send a new user agent
 * with every request. The tally row and its limit change in one statement, so
 * concurrent views cannot pass the limit together.
 */
export async function takeAnonymousView(trx: Transaction<DB>, articleId: number, addressKey: string, day: number): Promise<boolean> {
  const result = await trx
    .insertInto('article_view_addresses')
    .values({ article_id: articleId, address_key: addressKey, day, views: 1 })
    .onConflict((oc) =>
      oc
        .columns(['article_id', 'address_key', 'day'])
        .doUpdateSet({ views: sql`article_view_addresses.views + 1` })
        .where('article_view_addresses.views', '<', ANONYMOUS_VIEWS_PER_ADDRESS),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
