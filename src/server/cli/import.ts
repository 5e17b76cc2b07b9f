import { createContext } from '../app.js';
import { loadConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { importCommand } from './import-command.js';

/** `npm run import -- --channel ID [--format F] [--as USERNAME] FILE` (import-command.ts). */
async function run(argv: string[]): Promise<number> {
  const config = loadConfig();
  const database = createDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const ctx = createContext(config, database);
    return await importCommand(ctx, argv, (line) => console.log(line));
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
