import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.js';
import { HttpError } from '../lib/errors.js';

describe('error handler', () => {
  it('answers an HttpError with its status, {error} and its headers (Retry-After on a busy 503)', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/busy', async () => {
      throw new HttpError(503, 'Busy, try again', { 'retry-after': '5' });
    });
    const response = await app.inject({ method: 'GET', url: '/busy' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ error: 'Busy, try again' });
    await app.close();
  });
});
