import { loadConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createUsersRepository } from '../features/users/users.repository.js';

/** `npm run admin -- grant <username>` / `revoke <username>` (docs/product.md#api). */
async function run(argv: string[]): Promise<number> {
  const [command, username] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !username) {
    console.error('Usage: npm run admin -- grant <username>\n       npm run admin -- revoke <username>');
    return 2;
  }
  const config = loadConfig();
  const database = createDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const found = await createUsersRepository(database.db).setAdmin(username, command === 'grant');
    if (!found) {
      console.error(`No user named "${username}".`);
      return 1;
    }
    console.log(command === 'grant' ? `${username} is now an admin.` : `${username} is no longer an admin.`);
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
