import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export interface SecurityHeaderOptions {
  /** `npm run dev`: Vite's dev server injects the React refresh preamble inline and talks over a websocket. */
  webDev: boolean;
  /** The site is served over https (HSTS, upgrade-insecure-requests). */
  secure: boolean;
  /** Where uploaded images may come from besides the site itself (an S3 bucket's public URL). */
  imageOrigins: string[];
}

/**
 * Helmet's headers (CSP, HSTS, nosniff, frame and referrer policies…) on every answer. Helmet is
 * built once here and applied to each request: @fastify/helmet builds a new Helmet, parsing every
 * CSP directive again, on each request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: options.webDev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...options.imageOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: options.webDev ? ["'self'", 'ws:'] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(options.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: options.secure ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
