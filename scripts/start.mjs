// npm start: run the production build (built first when there is none yet: scripts/build-state.mjs).
import { ensureBuilt } from './build-state.mjs';
import { supports } from './runtime.mjs';

// `npm start` on an older Node than the project runs: `npm install` brings the project's own (scripts/runtime.mjs).
if (!supports(process.version)) {
  console.error(`Broadsheet runs on Node 24 LTS (22.22 or later), not ${process.version}: run npm install, which brings it, then npm start.`);
  process.exit(1);
}

ensureBuilt();
process.env.NODE_ENV ??= 'production';
await import('../dist/server/main.js');
