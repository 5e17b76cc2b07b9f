// npm start: build if the sources changed, then run the production server.
import { ensureBuilt } from './build-state.mjs';

ensureBuilt();
process.env.NODE_ENV ??= 'production';
await import('../dist/server/main.js');
