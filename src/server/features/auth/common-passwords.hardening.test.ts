import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from './common-passwords.js';
import { signedInClient, TestClient, useTestApp } from '../../../test-support/test-app.js';

/** The most common passwords are refused at registration and on a change. */
let n = 0;
const name = (prefix: string) => `${prefix}_${process.pid}_${++n}`;

describe('common passwords', () => {
  const t = useTestApp('sqlite');

  it('refuses the most common passwords at registration and on a change, keeping the 6-character minimum', async () => {
    const register = (password: string) => new TestClient(() => t.app).post('/api/register', { username: name('pw'), password });
    for (const password of ['123456', 'password', '      ', 'Password', 'qwerty123', 'iloveyou', 'zzzzzzzzzz']) {
      const response = await register(password);
      expect(response.statusCode, password).toBe(400);
      expect(response.json(), password).toEqual({ error: COMMON_PASSWORD_MESSAGE });
    }
    expect((await register('12345')).json()).toEqual({ error: 'Password must be at least 6 characters' });
    expect((await register('correct-horse')).statusCode).toBe(201);

    const { client } = await signedInClient(t);
    const change = await client.post('/api/user/password', { currentPassword: 'correct-horse', newPassword: 'letmein1' });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toEqual({ error: COMMON_PASSWORD_MESSAGE });
    expect((await client.post('/api/user/password', { currentPassword: 'correct-horse', newPassword: 'lantern-harbour' })).statusCode).toBe(200);
  });
});
