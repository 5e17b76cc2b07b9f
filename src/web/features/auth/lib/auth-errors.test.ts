import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { AuthFailedError, userFromAuthResponse } from '../api/auth-response';
import { suspendedMessage } from '@contract/moderation-rules';
import { authErrorMessage, logoutErrorMessage, refusalNotice, UNEXPECTED_ERROR_MESSAGE } from './auth-errors';

const user = { id: 3, username: 'ann', description: null, isAdmin: false, hasPassword: true, createdAt: '2026-11-21T12:00:00.000Z' };

describe('userFromAuthResponse', () => {
  it('returns the user without the success flag', () => {
    expect(userFromAuthResponse({ success: true, ...user })).toEqual(user);
  });

  it("reads 'Authentication failed' for success false without a message", () => {
    expect(() => userFromAuthResponse({ success: false })).toThrow(new AuthFailedError('Authentication failed'));
    expect(() => userFromAuthResponse(undefined)).toThrow('Authentication failed');
  });

  it("otherwise shows the server's text", () => {
    expect(() => userFromAuthResponse({ success: false, error: 'Account locked' })).toThrow('Account locked');
    expect(() => userFromAuthResponse({ success: false, message: 'Try later' })).toThrow('Try later');
  });
});

describe('authErrorMessage', () => {
  it("shows the server's error text", () => {
    const text = 'Invalid username or password. Please try again or register for a new account.';
    expect(authErrorMessage(new ApiError(401, text))).toBe(text);
    expect(authErrorMessage(new ApiError(409, 'Username is already taken'))).toBe('Username is already taken');
    expect(authErrorMessage(new AuthFailedError('Authentication failed'))).toBe('Authentication failed');
  });

  it("reads 'An unexpected error occurred' for anything that is not an answer", () => {
    expect(authErrorMessage(new TypeError('Failed to fetch'))).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(authErrorMessage('boom')).toBe('An unexpected error occurred');
  });
});

describe('logoutErrorMessage', () => {
  it("shows the error's message", () => {
    expect(logoutErrorMessage(new ApiError(500, 'Something broke'))).toBe('Something broke');
    expect(logoutErrorMessage(null)).toBe(UNEXPECTED_ERROR_MESSAGE);
  });
});

describe('refusalNotice', () => {
  it('titles a suspension "Account suspended" and writes its end for people in the reader’s zone', () => {
    const notice = refusalNotice('login', suspendedMessage('2026-12-04T22:30:00.000Z'), 'Pacific/Auckland');
    expect({ ...notice, description: notice.description.replace(/\s/g, ' ') }).toEqual({
      title: 'Account suspended',
      description: 'This account is suspended. It ends on December 5, 2026 at 11:30 AM.',
    });
    expect(refusalNotice('login', suspendedMessage(null), 'UTC').title).toBe('Account suspended');
  });

  it('keeps "Login failed" and the server’s words for any other refusal', () => {
    expect(refusalNotice('login', 'Invalid username or password.', 'UTC')).toEqual({ title: 'Login failed', description: 'Invalid username or password.' });
    expect(refusalNotice('register', 'Username already exists', 'UTC').title).toBe('Registration failed');
  });
});
