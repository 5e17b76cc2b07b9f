// npm run admin -- grant|revoke <username>
import { ensureBuilt } from './build-state.mjs';

ensureBuilt();
await import('../dist/server/admin.js');
