import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { OIDC_MESSAGES } from '@contract/auth';
import { AuthCallbackPage } from './auth-callback-page';

/** A link cannot make /auth-callback show an attacker's text. */
describe('AuthCallbackPage', () => {
  it('shows on /auth-callback only the messages the server sends', () => {
    const render = (search: string) =>
      renderToString(
        createElement(
          QueryClientProvider,
          { client: new QueryClient() },
          createElement(MemoryRouter, { initialEntries: [`/auth-callback${search}`] }, createElement(AuthCallbackPage)),
        ),
      );
    const phishing = 'Your account is suspended. Call +1 555 0100 and give your password.';
    const forged = render(`?error=${encodeURIComponent(phishing)}`);
    expect(forged).not.toContain('suspended');
    expect(forged).toContain(OIDC_MESSAGES.providerError);
    expect(render(`?error=${encodeURIComponent(OIDC_MESSAGES.cancelled)}`)).toContain(OIDC_MESSAGES.cancelled);
  });

});
