import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a secret: the single-use links of emails (`/confirm-email?token=`,
 * `/reset-password?token=`, `/unsubscribe?token=` and their API calls) and the OpenID callback's
 * `code` and `state`. Whoever reads the log must not be able to follow them.
 */
const SECRET_QUERY_VALUES = /([?&](?:token|code|state)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_VALUES, '$1[redacted]');
}

/** The request as each log line shows it (Fastify's own fields), with secrets in its URL redacted. */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
