import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface RunningServer {
  url: string;
  port: number;
  /** The server process, e.g. to read its memory from /proc. */
  pid: number;
  dataDir: string;
  output: () => string;
  /** SIGTERM, then removes the data directory unless `keepDataDir` was given. */
  stop: () => Promise<void>;
  /** Sends a signal (SIGKILL for a crash) and waits for the process to exit; the data directory stays. */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

export interface StartServerOptions {
  /** Reuse this data directory (a restart on the same data) instead of a fresh one. */
  dataDir?: string;
  /** Leave the data directory in place on stop(); the caller removes it. */
  keepDataDir?: boolean;
  /** How long to wait for the first answer (default 30 s; seeding the demo takes longer on a busy machine). */
  startTimeoutMs?: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the production build (dist/server/main.js) on a free port with a fresh data directory,
 * exactly as `npm start` runs it, and waits until it answers.
 */
export async function startServer(env: Record<string, string> = {}, options: StartServerOptions = {}): Promise<RunningServer> {
  const main = path.resolve('dist/server/main.js');
  if (!fs.existsSync(main)) throw new Error('dist/server/main.js is missing: run `npm run build` before the browser journeys');
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-e2e-'));
  const keepDataDir = options.keepDataDir ?? options.dataDir !== undefined;
  const url = `http://localhost:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
      // Journeys read right after writing, as other users; the one-second cache has its own API test.
      MICRO_CACHE_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start within ${startTimeoutMs / 1000} s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    port,
    pid: child.pid!,
    dataDir,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    kill: async (signal = 'SIGKILL') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    },
  };
}
