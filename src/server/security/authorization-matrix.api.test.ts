import sharp from 'sharp';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * For every state-changing route and every private read, what anonymous visitors,
 * another ordinary user, the owner and an admin get, to the status code, and proof that a refused
 * request changed nothing in the database. A route the app serves that this table does not list
 * fails the test, so new routes must be classified here.
 */
type Role = 'anonymous' | 'other' | 'owner' | 'admin';
interface Fixtures {
  t: TestApp;
  owner: { id: number; client: TestClient };
  channelId: number;
  uploadUrl: string;
  article: () => Promise<number>;
  draft: () => Promise<number>;
  /** A draft its author (the owner) has submitted for review. */
  inReview: () => Promise<number>;
  comment: () => Promise<number>;
  /** A comment on a draft (its author, the owner, may comment on it). */
  draftComment: () => Promise<number>;
}
interface Case {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The route as Fastify lists it. */
  route: string;
  /** Builds the concrete request; called afresh for every role (destructive actions need new rows). */
  request: (fx: Fixtures) => Promise<{ url: string; body?: unknown }>;
  expect: Record<Role, number>;
}

const PNG = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366aa' } }).png().toBuffer();

const CASES: Case[] = [
  // Accounts
  { method: 'POST', route: '/api/user/password', request: async () => ({ url: '/api/user/password', body: { newPassword: '' } }), expect: { anonymous: 401, other: 400, owner: 400, admin: 400 } },
  { method: 'PATCH', route: '/api/users/:id', request: async (fx) => ({ url: `/api/users/${fx.owner.id}`, body: { description: 'changed' } }), expect: { anonymous: 401, other: 403, owner: 200, admin: 403 } },
  { method: 'GET', route: '/api/user', request: async () => ({ url: '/api/user' }), expect: { anonymous: 401, other: 200, owner: 200, admin: 200 } },
  // Email: every answer is about the caller's own account; nobody reads another's address.
  { method: 'GET', route: '/api/user/email', request: async () => ({ url: '/api/user/email' }), expect: { anonymous: 401, other: 200, owner: 200, admin: 200 } },
  { method: 'PUT', route: '/api/user/email', request: async () => ({ url: '/api/user/email', body: { email: 'not-an-address' } }), expect: { anonymous: 401, other: 400, owner: 400, admin: 400 } },
  { method: 'DELETE', route: '/api/user/email', request: async () => ({ url: '/api/user/email' }), expect: { anonymous: 401, other: 200, owner: 200, admin: 200 } },
  { method: 'GET', route: '/api/user/export', request: async () => ({ url: '/api/user/export' }), expect: { anonymous: 401, other: 200, owner: 200, admin: 200 } },
  { method: 'GET', route: '/api/user/notifications', request: async () => ({ url: '/api/user/notifications' }), expect: { anonymous: 401, other: 200, owner: 200, admin: 200 } },
  { method: 'PUT', route: '/api/user/notifications', request: async () => ({ url: '/api/user/notifications', body: { replies: true } }), expect: { anonymous: 401, other: 200, owner: 200, admin: 200 } },
  { method: 'PUT', route: '/api/channels/:id/notifications', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/notifications`, body: { notify: 'none' } }), expect: { anonymous: 401, other: 404, owner: 404, admin: 404 } },
  // Channels and subscriptions
  { method: 'POST', route: '/api/channels', request: async () => ({ url: '/api/channels', body: { name: 'Matrix', description: 'm' } }), expect: { anonymous: 401, other: 201, owner: 201, admin: 201 } },
  { method: 'PATCH', route: '/api/channels/:id', request: async (fx) => ({ url: `/api/channels/${fx.channelId}`, body: { name: 'Renamed' } }), expect: { anonymous: 401, other: 403, owner: 200, admin: 403 } },
  { method: 'POST', route: '/api/channels/:id/subscribe', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/subscribe` }), expect: { anonymous: 401, other: 200, owner: 400, admin: 200 } },
  { method: 'DELETE', route: '/api/channels/:id/subscribe', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/subscribe` }), expect: { anonymous: 401, other: 200, owner: 200, admin: 200 } },
  { method: 'GET', route: '/api/channels/:id/subscribers', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/subscribers` }), expect: { anonymous: 401, other: 403, owner: 200, admin: 200 } },
  { method: 'GET', route: '/api/channels/:id/drafts', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/drafts` }), expect: { anonymous: 401, other: 403, owner: 200, admin: 403 } },
  { method: 'GET', route: '/api/channels/:id/article-rows', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/article-rows?status=drafts` }), expect: { anonymous: 401, other: 403, owner: 200, admin: 403 } },
  { method: 'GET', route: '/api/user/channels', request: async () => ({ url: '/api/user/channels' }), expect: { anonymous: 401, other: 200, owner: 200, admin: 200 } },
  { method: 'GET', route: '/api/user/subscriptions', request: async () => ({ url: '/api/user/subscriptions' }), expect: { anonymous: 401, other: 200, owner: 200, admin: 200 } },
  { method: 'GET', route: '/api/users/:id/subscriptions', request: async (fx) => ({ url: `/api/users/${fx.owner.id}/subscriptions` }), expect: { anonymous: 401, other: 403, owner: 200, admin: 200 } },
  // Imports, exports and redirects: the channel's owner and admins only. A JSON body is not an upload (400); an
  // import or redirect that does not exist answers 404 to those who could otherwise see it.
  { method: 'POST', route: '/api/channels/:id/imports', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/imports`, body: { format: 'ghost' } }), expect: { anonymous: 401, other: 403, owner: 400, admin: 400 } },
  { method: 'GET', route: '/api/channels/:id/imports', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/imports` }), expect: { anonymous: 401, other: 403, owner: 200, admin: 200 } },
  { method: 'GET', route: '/api/imports/:id', request: async () => ({ url: '/api/imports/999999' }), expect: { anonymous: 401, other: 404, owner: 404, admin: 404 } },
  { method: 'GET', route: '/api/channels/:id/export', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/export?format=ghost` }), expect: { anonymous: 401, other: 403, owner: 200, admin: 200 } },
  { method: 'GET', route: '/api/channels/:id/redirects', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/redirects` }), expect: { anonymous: 401, other: 403, owner: 200, admin: 200 } },
  { method: 'DELETE', route: '/api/channels/:id/redirects/:redirectId', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/redirects/999999` }), expect: { anonymous: 401, other: 403, owner: 404, admin: 404 } },
  { method: 'GET', route: '/api/debug/channels', request: async (fx) => ({ url: `/api/debug/channels?userId=${fx.owner.id}` }), expect: { anonymous: 401, other: 403, owner: 200, admin: 200 } },
  { method: 'GET', route: '/api/debug/subscriptions', request: async (fx) => ({ url: `/api/debug/subscriptions?userId=${fx.owner.id}` }), expect: { anonymous: 401, other: 403, owner: 200, admin: 200 } },
  // Articles
  { method: 'POST', route: '/api/articles', request: async (fx) => ({ url: '/api/articles', body: { title: 'T', content: '<p>c</p>', channelId: fx.channelId } }), expect: { anonymous: 401, other: 403, owner: 201, admin: 403 } },
  { method: 'PATCH', route: '/api/articles/:id', request: async (fx) => ({ url: `/api/articles/${await fx.article()}`, body: { title: 'Edited' } }), expect: { anonymous: 401, other: 403, owner: 200, admin: 403 } },
  { method: 'DELETE', route: '/api/articles/:id', request: async (fx) => ({ url: `/api/articles/${await fx.article()}` }), expect: { anonymous: 401, other: 403, owner: 204, admin: 403 } },
  { method: 'POST', route: '/api/articles/:id/toggle-status', request: async (fx) => ({ url: `/api/articles/${await fx.article()}/toggle-status` }), expect: { anonymous: 401, other: 403, owner: 200, admin: 403 } },
  { method: 'POST', route: '/api/articles/autosave', request: async (fx) => ({ url: '/api/articles/autosave', body: { channelId: fx.channelId, title: 'Typed' } }), expect: { anonymous: 401, other: 403, owner: 201, admin: 403 } },
  { method: 'PUT', route: '/api/articles/:id/autosave', request: async (fx) => ({ url: `/api/articles/${await fx.article()}/autosave`, body: { baseSavedAt: '2100-01-01T00:00:00.000Z', title: 'Typed' } }), expect: { anonymous: 401, other: 403, owner: 200, admin: 403 } },
  { method: 'DELETE', route: '/api/articles/:id/autosave', request: async (fx) => ({ url: `/api/articles/${await fx.article()}/autosave` }), expect: { anonymous: 401, other: 403, owner: 200, admin: 403 } },
  { method: 'GET', route: '/api/articles/:id', request: async (fx) => ({ url: `/api/articles/${await fx.draft()}` }), expect: { anonymous: 404, other: 404, owner: 200, admin: 404 } },
  // The newsroom: a draft's author submits it; the channel's owner and editors review; the queue is the staff's (outsiders 404).
  { method: 'POST', route: '/api/articles/:id/submit', request: async (fx) => ({ url: `/api/articles/${await fx.draft()}/submit` }), expect: { anonymous: 401, other: 404, owner: 200, admin: 404 } },
  { method: 'POST', route: '/api/articles/:id/review', request: async (fx) => ({ url: `/api/articles/${await fx.inReview()}/review`, body: { decision: 'approve' } }), expect: { anonymous: 401, other: 404, owner: 200, admin: 404 } },
  { method: 'GET', route: '/api/channels/:id/queue', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/queue` }), expect: { anonymous: 401, other: 404, owner: 200, admin: 404 } },
  { method: 'PUT', route: '/api/articles/:id/images', request: async (fx) => ({ url: `/api/articles/${await fx.article()}/images`, body: { images: [{ image_url: fx.uploadUrl, caption: 'c', order: 0 }] } }), expect: { anonymous: 401, other: 403, owner: 200, admin: 403 } },
  { method: 'POST', route: '/api/articles/:id/images', request: async (fx) => ({ url: `/api/articles/${await fx.article()}/images`, body: [{ image_url: fx.uploadUrl, caption: 'c', order: 0 }] }), expect: { anonymous: 401, other: 403, owner: 201, admin: 403 } },
  // The public record: a draft's saves for its author and admins only; restoring for the channel's owner and admins
  { method: 'GET', route: '/api/articles/:id/revisions', request: async (fx) => ({ url: `/api/articles/${await fx.draft()}/revisions` }), expect: { anonymous: 404, other: 404, owner: 200, admin: 200 } },
  { method: 'GET', route: '/api/articles/:id/revisions/:number', request: async (fx) => ({ url: `/api/articles/${await fx.draft()}/revisions/1` }), expect: { anonymous: 404, other: 404, owner: 200, admin: 200 } },
  { method: 'GET', route: '/api/articles/:id/revisions/:number/diff', request: async (fx) => ({ url: `/api/articles/${await fx.draft()}/revisions/1/diff` }), expect: { anonymous: 404, other: 404, owner: 200, admin: 200 } },
  { method: 'POST', route: '/api/articles/:id/revisions/:number/restore', request: async (fx) => ({ url: `/api/articles/${await fx.article()}/revisions/1/restore` }), expect: { anonymous: 401, other: 403, owner: 200, admin: 200 } },
  { method: 'POST', route: '/api/admin/articles/:id/revisions/:number/redact', request: async (fx) => ({ url: `/api/admin/articles/${await fx.article()}/revisions/1/redact`, body: { reason: 'Court order' } }), expect: { anonymous: 401, other: 403, owner: 403, admin: 200 } },
  // Reactions and comments
  { method: 'POST', route: '/api/articles/:id/reactions', request: async (fx) => ({ url: `/api/articles/${await fx.draft()}/reactions`, body: { isLike: true } }), expect: { anonymous: 401, other: 404, owner: 200, admin: 404 } },
  { method: 'POST', route: '/api/articles/:id/comments', request: async (fx) => ({ url: `/api/articles/${await fx.draft()}/comments`, body: { content: 'hi', parent_id: null } }), expect: { anonymous: 401, other: 404, owner: 201, admin: 404 } },
  { method: 'GET', route: '/api/articles/:id/comments', request: async (fx) => ({ url: `/api/articles/${await fx.draft()}/comments` }), expect: { anonymous: 404, other: 404, owner: 200, admin: 404 } },
  { method: 'GET', route: '/api/articles/:id/comment-threads', request: async (fx) => ({ url: `/api/articles/${await fx.draft()}/comment-threads` }), expect: { anonymous: 404, other: 404, owner: 200, admin: 404 } },
  { method: 'GET', route: '/api/comments/:id/replies', request: async (fx) => ({ url: `/api/comments/${await fx.draftComment()}/replies` }), expect: { anonymous: 404, other: 404, owner: 200, admin: 404 } },
  // Only its author changes a comment's words: not the article's owner, nor an admin.
  { method: 'PATCH', route: '/api/comments/:id', request: async (fx) => ({ url: `/api/comments/${await fx.comment()}`, body: { content: 'changed' } }), expect: { anonymous: 401, other: 403, owner: 200, admin: 403 } },
  { method: 'DELETE', route: '/api/comments/:id', request: async (fx) => ({ url: `/api/comments/${await fx.comment()}` }), expect: { anonymous: 401, other: 403, owner: 204, admin: 204 } },
  // Media
  { method: 'POST', route: '/api/uploads', request: async () => ({ url: '/api/uploads' }), expect: { anonymous: 401, other: 201, owner: 201, admin: 201 } },
  // Admin
  { method: 'GET', route: '/api/admin-articles', request: async () => ({ url: '/api/admin-articles' }), expect: { anonymous: 401, other: 403, owner: 403, admin: 200 } },
  { method: 'PATCH', route: '/api/admin-articles/:id', request: async (fx) => ({ url: `/api/admin-articles/${await fx.article()}`, body: { view_count: 5 } }), expect: { anonymous: 401, other: 403, owner: 403, admin: 200 } },
  { method: 'GET', route: '/api/admin-channels', request: async () => ({ url: '/api/admin-channels' }), expect: { anonymous: 401, other: 403, owner: 403, admin: 200 } },
  { method: 'PATCH', route: '/api/admin-channels/:id', request: async (fx) => ({ url: `/api/admin-channels/${fx.channelId}`, body: { subscriber_count: 5 } }), expect: { anonymous: 401, other: 403, owner: 403, admin: 200 } },
  // Analytics: the channel's owner and admins; the whole site for admins
  { method: 'GET', route: '/api/channels/:id/analytics', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/analytics` }), expect: { anonymous: 401, other: 403, owner: 200, admin: 200 } },
  { method: 'GET', route: '/api/channels/:id/analytics.csv', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/analytics.csv?period=7` }), expect: { anonymous: 401, other: 403, owner: 200, admin: 200 } },
  { method: 'GET', route: '/api/admin/analytics', request: async () => ({ url: '/api/admin/analytics' }), expect: { anonymous: 401, other: 403, owner: 403, admin: 200 } },
  { method: 'GET', route: '/api/admin/analytics.csv', request: async () => ({ url: '/api/admin/analytics.csv' }), expect: { anonymous: 401, other: 403, owner: 403, admin: 200 } },
  // Moderation: the channel's owner and admins; reporting one's own article is refused
  { method: 'POST', route: '/api/reports', request: async (fx) => ({ url: '/api/reports', body: { targetType: 'article', targetId: await fx.article(), reason: 'spam' } }), expect: { anonymous: 401, other: 201, owner: 400, admin: 201 } },
  { method: 'GET', route: '/api/moderation/reports', request: async (fx) => ({ url: `/api/moderation/reports?channelId=${fx.channelId}` }), expect: { anonymous: 401, other: 403, owner: 200, admin: 200 } },
  { method: 'POST', route: '/api/moderation/reports/resolve', request: async (fx) => ({ url: '/api/moderation/reports/resolve', body: { targetType: 'article', targetId: await fx.article(), action: 'dismiss' } }), expect: { anonymous: 401, other: 403, owner: 404, admin: 404 } },
  { method: 'GET', route: '/api/moderation/held', request: async (fx) => ({ url: `/api/moderation/held?channelId=${fx.channelId}` }), expect: { anonymous: 401, other: 403, owner: 200, admin: 200 } },
  { method: 'POST', route: '/api/moderation/held/:id', request: async (fx) => ({ url: `/api/moderation/held/${await fx.comment()}`, body: { decision: 'approve' } }), expect: { anonymous: 401, other: 403, owner: 409, admin: 409 } },
  { method: 'GET', route: '/api/moderation/log', request: async (fx) => ({ url: `/api/moderation/log?channelId=${fx.channelId}` }), expect: { anonymous: 401, other: 403, owner: 200, admin: 200 } },
  { method: 'GET', route: '/api/moderation/counts', request: async () => ({ url: '/api/moderation/counts' }), expect: { anonymous: 401, other: 200, owner: 200, admin: 200 } },
  { method: 'GET', route: '/api/channels/:id/moderation', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/moderation` }), expect: { anonymous: 401, other: 404, owner: 200, admin: 200 } },
  { method: 'PUT', route: '/api/channels/:id/moderation', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/moderation`, body: { commentPolicy: 'open', blockedWords: [] } }), expect: { anonymous: 401, other: 404, owner: 200, admin: 403 } },
  { method: 'GET', route: '/api/channels/:id/bans', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/bans` }), expect: { anonymous: 401, other: 403, owner: 200, admin: 200 } },
  { method: 'POST', route: '/api/channels/:id/bans', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/bans`, body: { username: 'nobody_in_the_matrix' } }), expect: { anonymous: 401, other: 403, owner: 404, admin: 404 } },
  { method: 'DELETE', route: '/api/channels/:id/bans/:userId', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/bans/2000000000` }), expect: { anonymous: 401, other: 403, owner: 404, admin: 404 } },
  // The newsroom's staff: the owner manages it, staff read it, admins read it too; anyone else learns nothing (404).
  { method: 'GET', route: '/api/channels/:id/staff', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/staff` }), expect: { anonymous: 401, other: 404, owner: 200, admin: 200 } },
  { method: 'POST', route: '/api/channels/:id/staff', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/staff`, body: { username: (await signedInClient(fx.t, 'invitee')).username, role: 'writer' } }), expect: { anonymous: 401, other: 404, owner: 201, admin: 404 } },
  { method: 'PATCH', route: '/api/channels/:id/staff/:userId', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/staff/${await staffMember(fx)}`, body: { role: 'editor' } }), expect: { anonymous: 401, other: 404, owner: 200, admin: 404 } },
  { method: 'DELETE', route: '/api/channels/:id/staff/:userId', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/staff/${await staffMember(fx)}` }), expect: { anonymous: 401, other: 404, owner: 204, admin: 404 } },
  { method: 'GET', route: '/api/channels/:id/log', request: async (fx) => ({ url: `/api/channels/${fx.channelId}/log` }), expect: { anonymous: 401, other: 404, owner: 200, admin: 200 } },
  { method: 'GET', route: '/api/user/staff-channels', request: async () => ({ url: '/api/user/staff-channels' }), expect: { anonymous: 401, other: 200, owner: 200, admin: 200 } },
  // Invitations: the caller's own; answering someone else's is a 404 to everyone but its invitee (none of these roles).
  { method: 'GET', route: '/api/invitations', request: async () => ({ url: '/api/invitations' }), expect: { anonymous: 401, other: 200, owner: 200, admin: 200 } },
  { method: 'POST', route: '/api/invitations/:id/accept', request: async (fx) => ({ url: `/api/invitations/${await invitation(fx)}/accept` }), expect: { anonymous: 401, other: 404, owner: 404, admin: 404 } },
  { method: 'POST', route: '/api/invitations/:id/decline', request: async (fx) => ({ url: `/api/invitations/${await invitation(fx)}/decline` }), expect: { anonymous: 401, other: 404, owner: 404, admin: 404 } },
  { method: 'GET', route: '/api/admin/users', request: async () => ({ url: '/api/admin/users' }), expect: { anonymous: 401, other: 403, owner: 403, admin: 200 } },
  // An empty reason: the admin reaches the body's check, everyone else is refused before it.
  { method: 'POST', route: '/api/admin/users/:id/suspend', request: async (fx) => ({ url: `/api/admin/users/${fx.owner.id}/suspend`, body: { reason: '' } }), expect: { anonymous: 401, other: 403, owner: 403, admin: 400 } },
  { method: 'POST', route: '/api/admin/users/:id/unsuspend', request: async (fx) => ({ url: `/api/admin/users/${fx.owner.id}/unsuspend` }), expect: { anonymous: 401, other: 403, owner: 403, admin: 200 } },
];

/** Routes anyone may call, with why; listed so that an unclassified new route fails the test. */
const PUBLIC_ROUTES = [
  'POST /api/register', 'POST /api/login', 'POST /api/logout', // signing in and out
  'POST /api/articles/:id/view', // counting a view needs no account
  'GET /api/articles', 'GET /api/articles/facets', 'GET /api/channels', 'GET /api/channels/:id', 'GET /api/channels/:id/articles',
  'GET /api/users/:id', 'GET /api/users/:id/articles', 'GET /api/categories', 'GET /api/locations', 'GET /api/geocode', 'GET /api/is-admin', 'GET /api/health',
  'GET /api/auth/providers', 'GET /api/auth/google', 'GET /api/auth/google/callback', 'GET /api/openapi.json',
  // Email links work signed out: each carries its own single-use or signed token (email.api.test.ts).
  'POST /api/email/confirm', 'POST /api/auth/forgot-password', 'GET /api/auth/reset-password', 'POST /api/auth/reset-password',
  'GET /api/email/unsubscribe', 'POST /api/email/unsubscribe',
  // The mail provider's webhook: no session, its own bearer token (EMAIL_WEBHOOK_SECRET; refusals in email.api.test.ts).
  'POST /api/email/events',
  'GET /rss.xml', 'GET /atom.xml', 'GET /feed.json', 'GET /channels/:id/rss.xml', 'GET /channels/:id/atom.xml', 'GET /channels/:id/feed.json',
  'GET /sitemap.xml', 'GET /robots.txt', 'GET /uploads/*',
];

async function databaseSnapshot(t: TestApp): Promise<string> {
  const tables = ['users', 'channels', 'subscriptions', 'articles', 'article_categories', 'article_revisions', 'article_pending_edits', 'article_images', 'uploads', 'comments', 'reactions', 'admin_audit', 'user_identities'];
  const parts: string[] = [];
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1`.execute(t.database.db);
    parts.push(JSON.stringify(rows.rows));
  }
  return parts.join('\n');
}

describe.each(testDatabases())('authorization matrix on %s', (kind) => {
  const t = useTestApp(kind);

  it('lists every route the app serves', async () => {
    const served = new Set<string>();
    // Every route as registered (buildApp records them).
    const routes = (t.app as unknown as { routeList: { method: string; url: string }[] }).routeList;
    for (const r of routes) if (r.method !== 'HEAD' && !r.url.startsWith('/api/docs')) served.add(`${r.method} ${r.url}`);
    const listed = new Set([...CASES.map((c) => `${c.method} ${c.route}`), ...PUBLIC_ROUTES]);
    expect([...served].filter((route) => !listed.has(route)).sort(), 'routes missing from the authorization matrix').toEqual([]);
    expect([...listed].filter((route) => !served.has(route)).sort(), 'matrix rows for routes that do not exist').toEqual([]);
  });

  it('tells API clients which routes need the session cookie, as this table finds them', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const securityOf = (method: string, route: string) => document.paths[route.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()]?.security;
    // Signed out, the channel's published table answers; only its drafts table (the row above) asks for a session.
    const sessionForSomeAnswers = new Set(['GET /api/channels/:id/article-rows']);
    for (const { method, route, expect: statuses } of CASES) {
      const name = `${method} ${route}`;
      if (statuses.anonymous === 401 && !sessionForSomeAnswers.has(name)) expect(securityOf(method, route), name).toEqual([{ session: [] }]);
      else expect(securityOf(method, route), name).toEqual([{}, { session: [] }]);
    }
    const documentedPublicRoutes = PUBLIC_ROUTES.filter((name) => name.includes(' /api/') && name !== 'GET /api/openapi.json' && name !== 'POST /api/email/events');
    for (const name of documentedPublicRoutes) {
      const [method, route] = name.split(' ') as [string, string];
      expect(securityOf(method, route), name).toEqual([{}, { session: [] }]);
    }
  });

  it('answers every role with the exact status, and refusals change nothing', async () => {
    const owner = await signedInClient(t, 'owner');
    const other = await signedInClient(t, 'other');
    const admin = await signedInClient(t, 'admin');
    await t.ctx.users.setAdmin(admin.username, true);
    const anonymous = new TestClient(() => t.app);
    const channelId = (await owner.client.post('/api/channels', { name: 'Owned', description: 'd' })).json().id;
    const upload = await uploadPng(owner.client);
    const fx: Fixtures = {
      t,
      owner,
      channelId,
      uploadUrl: upload,
      article: async () => (await owner.client.post('/api/articles', { title: 'A', content: '<p>a</p>', channelId })).json().id,
      draft: async () => (await owner.client.post('/api/articles', { title: 'D', content: '<p>d</p>', channelId, status: 'draft' })).json().id,
      inReview: async () => {
        const articleId = (await owner.client.post('/api/articles', { title: 'R', content: '<p>r</p>', channelId, status: 'draft' })).json().id;
        await owner.client.post(`/api/articles/${articleId}/submit`);
        return articleId;
      },
      comment: async () => {
        const articleId = (await owner.client.post('/api/articles', { title: 'C', content: '<p>c</p>', channelId })).json().id;
        return (await owner.client.post(`/api/articles/${articleId}/comments`, { content: 'mine', parent_id: null })).json().id;
      },
      draftComment: async () => {
        const articleId = (await owner.client.post('/api/articles', { title: 'DC', content: '<p>d</p>', channelId, status: 'draft' })).json().id;
        return (await owner.client.post(`/api/articles/${articleId}/comments`, { content: 'a note', parent_id: null })).json().id;
      },
    };
    const clients: Record<Role, TestClient> = { anonymous, other: other.client, owner: owner.client, admin: admin.client };
    let checked = 0;
    for (const testCase of CASES) {
      for (const role of ['anonymous', 'other', 'admin', 'owner'] as Role[]) {
        const { url, body } = await testCase.request(fx);
        const expected = testCase.expect[role];
        const before = expected >= 400 ? await databaseSnapshot(t) : '';
        const response =
          testCase.route === '/api/uploads'
            ? await uploadRequest(clients[role])
            : await clients[role].request({ method: testCase.method, url, ...(body !== undefined ? { payload: body as object } : {}) });
        expect(response.statusCode, `${role} ${testCase.method} ${url}: ${response.body}`).toBe(expected);
        if (expected >= 400) {
          expect(response.json().error, `${role} ${testCase.method} ${url}`).toBeTruthy();
          expect(await databaseSnapshot(t), `${role} ${testCase.method} ${url} changed the database`).toBe(before);
        }
        checked++;
      }
    }
    expect(checked).toBe(CASES.length * 4);
    console.log(`[authorization ${kind}] ${CASES.length} routes × 4 roles = ${checked} checks; every refusal left the database unchanged`);
  });
});

/** A new member of the fixture channel's staff (a writer), written directly. */
async function staffMember(fx: Fixtures): Promise<number> {
  const person = await signedInClient(fx.t, 'staff');
  await fx.t.ctx.db.insertInto('channel_staff').values({ channel_id: fx.channelId, user_id: person.id, role: 'writer', created_at: Date.now() }).execute();
  return person.id;
}

/** A pending invitation to the fixture channel, for a new person (none of the matrix's roles). */
async function invitation(fx: Fixtures): Promise<number> {
  const person = await signedInClient(fx.t, 'invited');
  const response = await fx.owner.client.post(`/api/channels/${fx.channelId}/staff`, { username: person.username, role: 'writer' });
  return response.json().id;
}

function multipartBody(png: Buffer) {
  const boundary = '----matrix' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pic.png"\r\nContent-Type: image/png\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, png, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
async function uploadRequest(client: TestClient) {
  const { payload, headers } = multipartBody(await PNG());
  return client.request({ method: 'POST', url: '/api/uploads', payload, headers });
}
async function uploadPng(client: TestClient): Promise<string> {
  const response = await uploadRequest(client);
  if (response.statusCode !== 201) throw new Error(`upload failed ${response.statusCode} ${response.body}`);
  return response.json().url;
}
