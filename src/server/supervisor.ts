import cluster, { type Worker } from 'node:cluster';

/**
 * SUPERVISE=true: this process becomes a small supervising primary that runs the server in one
 * worker process (node:cluster) and starts a new one whenever it dies. Why a primary in
 * Node rather than only a systemd unit: it is the same on every host, laptop, container or VM, and
 * the tests can prove it. The listening socket belongs to the primary, so connections that arrive
 * while a new worker starts wait in its backlog instead of being refused. What a crashed worker had
 * acknowledged is already in the database (every write is committed before it is answered; the
 * crash-safety suite kills the server at random to prove it), so a restart loses nothing.
 *
 * A worker that keeps dying is restarted after 1 s, then 2, 4… up to 30 s; one that ran for a
 * minute starts the count again. SIGTERM and SIGINT are passed to the worker, which finishes its
 * requests, and the primary exits with it.
 */
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
const HEALTHY_AFTER_MS = 60_000;

const log = (level: 'info' | 'warn' | 'error', msg: string, extra: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ level, time: Date.now(), pid: process.pid, role: 'supervisor', msg, ...extra }));

/** True in the worker (the caller goes on to run the server); the primary supervises and never returns true. */
export function superviseIfAsked(supervise: boolean): boolean {
  if (!supervise || !cluster.isPrimary) return true;
  let delay = FIRST_DELAY_MS;
  let stopping = false;
  let current: Worker | undefined;

  const start = () => {
    const startedAt = Date.now();
    const worker = cluster.fork();
    current = worker;
    log('info', `worker ${worker.process.pid} started`, { worker: worker.process.pid });
    worker.on('exit', (code, signal) => {
      current = undefined;
      if (stopping) {
        log('info', `worker ${worker.process.pid} stopped`, { code, signal });
        process.exit(code ?? 0);
      }
      if (Date.now() - startedAt >= HEALTHY_AFTER_MS) delay = FIRST_DELAY_MS;
      log('error', `worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}); restarting in ${delay / 1000} s`, { code, signal });
      setTimeout(start, delay);
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    });
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log('info', `${signal} received; stopping the worker`);
    if (!current) process.exit(0);
    current.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  start();
  return false;
}
