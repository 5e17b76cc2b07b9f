import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { AuthFailedError, userFromAuthResponse } from '../api/auth-response';
import { authErrorMessage, logoutErrorMessage, UNEXPECTED_ERROR_MESSAGE } from './auth-errors';

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
