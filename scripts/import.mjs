// npm run import -- --channel ID [--format F] [--as USERNAME] FILE
import { ensureBuilt } from './build-state.mjs';

ensureBuilt();
await import('../dist/server/import.js');
