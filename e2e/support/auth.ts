import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Journey } from './browser.js';

export const PASSWORD = 'correct-horse-battery';

/** Registers through the real form and waits for the home page, signed in. */
export async function registerThroughForm(journey: Journey, username: string, password = PASSWORD): Promise<void> {
  await journey.goto('/auth');
  const page = journey.page;
  await page.getByRole('tab', { name: 'Register' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Register' });
  await panel.getByLabel('Username').fill(username);
  await panel.getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: /register|create account|sign up/i }).click();
  await journey.expectPath('/');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Your Feed');
}

export async function loginThroughForm(journey: Journey, username: string, password = PASSWORD): Promise<void> {
  await journey.goto('/auth');
  const panel = journey.page.getByRole('tabpanel', { name: 'Login' });
  await panel.getByLabel('Username').fill(username);
  await panel.getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: /^(login|log in|sign in)$/i }).click();
}

/** Logs out through the username menu (wide screens). */
export async function logoutThroughMenu(page: Page, username: string): Promise<void> {
  await page.getByRole('button', { name: username }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}

/**
 * Registers through the API in the journey's own browser context (its cookie jar takes the
 * session), then opens the home page, signed in: where registerThroughForm leaves a journey, for
 * journeys about something other than registering (the form has journeys of its own).
 */
export async function registerThroughApiSignedIn(journey: Journey, username: string, password = PASSWORD): Promise<void> {
  const response = await journey.context.request.post('/api/register', { data: { username, password }, headers: { origin: journey.baseUrl } });
  expect(response.status(), await response.text()).toBe(201);
  await journey.goto('/');
  await expect.poll(() => journey.page.getByRole('heading', { level: 1 }).textContent()).toBe('Your Feed');
}
