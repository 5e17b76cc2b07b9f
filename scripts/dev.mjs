// npm run dev: one server, as in production, with the pages rendered through Vite's dev server
// (hot reload of the web, src/server/http/pages.ts) and the server restarted on change (tsx watch).
import { spawn } from 'node:child_process';

const child = spawn('npx', ['tsx', 'watch', '--clear-screen=false', '--ignore', 'src/web/**', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'development', WEB_DEV: 'true' },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  process.exitCode = code ?? 0;
});
