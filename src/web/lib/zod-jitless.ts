import { config } from 'zod';

// The Content-Security-Policy forbids eval. Zod's JIT probes for it with `new Function`, which the
// browser reports as a CSP violation (a console error and a Lighthouse best-practices failure), so
// every module of the web client that parses with zod imports this first.
config({ jitless: true });
