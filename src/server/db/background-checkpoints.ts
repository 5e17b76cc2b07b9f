import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';

/**
 * SQLite in WAL mode appends every commit to the `-wal` file and copies the pages back into the
 * database file at a checkpoint. By default the connection that commits the 1,000th page runs that
 * checkpoint itself, and with `synchronous = NORMAL` a checkpoint is where the fsyncs happen: on
 * this server's one connection, that is the event loop. In a loop of reaction toggles, one commit
 * in about 110 took 3.5–7.6 ms instead of 0.05 (the fsyncs: with `synchronous = OFF` none took
 * over 1 ms), and every request in flight waited with it.
 *
 * Here a worker thread with a connection of its own runs a PASSIVE checkpoint every
 * `intervalMs`: it copies what has been committed without ever blocking a reader or the writer,
 * and does the fsyncs off the event loop. The next write after a complete checkpoint starts the
 * WAL over from its beginning, so the file stays the size of what is written between two
 * checkpoints. Under a burst that never leaves the worker a quiet moment to complete one, the
 * WAL could grow for as long as the burst lasts; the serving connection therefore keeps a
 * checkpoint of its own at 10,000 pages (40 MB) instead of 1,000, which bounds it. If the worker
 * stops for any other reason than `stop()`, the serving connection goes back to SQLite's default.
 */
export interface BackgroundCheckpoints {
  /** Ends the worker after its current checkpoint and closes its connection (before the serving connection closes). */
  stop(): Promise<void>;
  /** The worker thread (tests end it abruptly to check the fallback). */
  readonly worker: Worker;
}

/** The serving connection's own checkpoint, in pages: the bound on the WAL under a burst of writes. */
export const SERVING_CONNECTION_CHECKPOINT_PAGES = 10_000;
/** SQLite's default, restored when the worker is gone. */
const SQLITE_DEFAULT_CHECKPOINT_PAGES = 1_000;

// CommonJS run by the worker (eval), as the gazetteer's loader is: better-sqlite3 is required by
// the path the server itself resolved, so the worker finds the same build wherever it runs from.
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.modulePath);
const db = new Database(workerData.file, { fileMustExist: true });
let timer;
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ failed: String(error && error.message || error) });
  }
  timer = setTimeout(checkpoint, workerData.intervalMs);
};
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
checkpoint();
`;

export function startBackgroundCheckpoints(
  sqlite: SqliteDatabase.Database,
  file: string,
  options: { intervalMs?: number; onProblem?: (message: string) => void } = {},
): BackgroundCheckpoints {
  const onProblem = options.onProblem ?? ((message: string) => console.warn(`background checkpoints: ${message}`));
  sqlite.pragma(`wal_autocheckpoint = ${SERVING_CONNECTION_CHECKPOINT_PAGES}`);
  const worker = new Worker(CHECKPOINTER, {
    eval: true,
    workerData: { modulePath: createRequire(import.meta.url).resolve('better-sqlite3'), file, intervalMs: options.intervalMs ?? 100 },
    // The worker holds a connection and a page cache of SQLite's default size, nothing else.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
  });
  // It must never keep a process alive that has nothing else to do (the CLI, a test).
  worker.unref();
  let stopping = false;
  worker.on('message', (message: { failed?: string }) => {
    if (message.failed) onProblem(`a checkpoint failed: ${message.failed}`);
  });
  worker.on('error', (error) => onProblem(`the worker failed: ${error.message}`));
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      if (!stopping && sqlite.open) {
        sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_CHECKPOINT_PAGES}`);
        onProblem('the worker stopped; the serving connection checkpoints the WAL itself again');
      }
      resolve();
    }),
  );
  return {
    worker,
    async stop() {
      stopping = true;
      worker.postMessage('stop');
      await exited;
    },
  };
}
