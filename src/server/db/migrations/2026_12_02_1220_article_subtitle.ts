import type { Kysely } from 'kysely';

/** An article's subtitle (the standfirst under its title): plain text, null when it has none. Frozen: imports no application code. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('articles').addColumn('subtitle', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('articles').dropColumn('subtitle').execute();
}
