// npm start: run the production build (built first when there is none yet: scripts/build-state.mjs).
import { ensureBuilt } from './build-state.mjs';

ensureBuilt();
process.env.NODE_ENV ??= 'production';
await import('../dist/server/main.js');
