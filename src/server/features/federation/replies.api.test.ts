import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Create, Delete, Note, PUBLIC_COLLECTION, Tombstone, Update, type Actor } from '@fedify/vocab';
import { signedInClient, testDatabases, type TestClient } from '../../../test-support/test-app.js';
import { useFederatedApp } from '../../../test-support/federated-app.js';
import { lookupActor, startPeer, type Peer } from '../../../test-support/fediverse-peer.js';

/** Waits until `check` holds (inbox posts are handled through the queue), at most a generous while. */
async function eventually<T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never happened: ${what}`);
}

interface ThreadAnswer {
  id: number;
  content: string;
  user: { id: number; username: string } | null;
  author?: { name: string; kind: string; handle?: string; url?: string | null };
  status: string;
  replies: ThreadAnswer[];
}

describe.each(testDatabases())('replies from the fediverse on %s', (kind) => {
  const t = useFederatedApp(kind);
  let peer: Peer;
  let owner: { client: TestClient; id: number; username: string };
  let reader: { client: TestClient; id: number; username: string };
  let channel: { id: number; slug: string };
  let actor: Actor;
  let noteCount = 0;
  beforeAll(async () => {
    peer = await startPeer();
    owner = await signedInClient(t, 'answers');
    reader = await signedInClient(t, 'neighbour');
    channel = (await owner.client.post('/api/channels', { name: 'Quay Notes', description: 'Harbour news' })).json();
    actor = (await lookupActor(peer, `@quay-notes@${t.host}`))!;
  });
  afterAll(async () => peer?.close());

  async function publish(title: string): Promise<{ id: number; objectId: URL }> {
    const article = (await owner.client.post('/api/articles', { title, content: '<p>The tide came in.</p>', channelId: channel.id, published: true })).json();
    await t.ctx.federation!.settled();
    return { id: article.id, objectId: new URL(`${t.origin}/ap/articles/${article.id}/1`) };
  }

  /** The peer's `name` replies to `target` with this HTML: a signed Create of a Note. */
  async function reply(name: string, target: URL, html: string): Promise<Note> {
    noteCount += 1;
    const note = new Note({
      id: new URL(`/notes/${name}/${Date.now()}-${noteCount}`, peer.origin),
      attribution: peer.actorUri(name),
      replyTarget: target,
      content: html,
      to: PUBLIC_COLLECTION,
    });
    await peer.context().sendActivity({ identifier: name }, actor, new Create({ id: new URL(`${note.id!.href}/activity`), actor: peer.actorUri(name), object: note, to: PUBLIC_COLLECTION }));
    return note;
  }

  const threads = async (articleId: number, client?: TestClient): Promise<ThreadAnswer[]> =>
    (client ? await client.get(`/api/articles/${articleId}/comment-threads`) : await t.app.inject({ method: 'GET', url: `/api/articles/${articleId}/comment-threads` })).json().items;

  it('a reply to an article becomes a top-level comment under its author\'s name, handle and profile, counted in the comment count', async () => {
    const article = await publish('Tide tables');
    await reply('alice', article.objectId, '<p><span class="h-card"><a href="#" class="u-url mention">@<span>quay-notes</span></a></span> Thanks for the <a href="https://example.org/tides">tide tables</a>!</p>');
    const [comment] = await eventually(async () => {
      const items = await threads(article.id);
      return items.length === 1 && items;
    }, 'the comment');
    expect(comment).toMatchObject({
      user: null,
      author: { name: 'Alice Peer', kind: 'fediverse', handle: `@alice@${peer.host}`, url: `${peer.origin}/@alice` },
      status: 'published',
      content: '@quay-notes Thanks for the tide tables (https://example.org/tides)!',
    });
    expect((await owner.client.get(`/api/articles/${article.id}`)).json().commentCount).toBe(1);
  });

  it('a reply to that comment is its reply, and a reply to the reply attaches to the top-level comment', async () => {
    const article = await publish('Lifeboat launch');
    const top = await reply('alice', article.objectId, '<p>Brave crew.</p>');
    const [thread] = await eventually(async () => (await threads(article.id)).filter((c) => c.content === 'Brave crew.').length === 1 && threads(article.id), 'the top-level comment');
    const second = await reply('bob', top.id!, '<p>Agreed.</p>');
    await eventually(async () => (await threads(article.id))[0]!.replies.length === 1, 'the reply');
    await reply('carol', second.id!, '<p>Hear, hear.</p>');
    const replies = await eventually(async () => {
      const [again] = await threads(article.id);
      return again!.replies.length === 2 && again!.replies;
    }, 'the reply to the reply');
    expect(replies.map((r) => [r.author?.handle, r.content])).toEqual([
      [`@bob@${peer.host}`, 'Agreed.'],
      [`@carol@${peer.host}`, 'Hear, hear.'],
    ]);
    expect(thread!.author?.handle).toBe(`@alice@${peer.host}`);
  });

  it('strips scripts, images and markup from a remote note, keeping its words and link addresses', async () => {
    const article = await publish('Harbour fair');
    await reply('dave', article.objectId, '<p>See <b>this</b><script>alert(1)</script><img src="https://example.org/x.png" onerror="alert(2)"> <a href="javascript:alert(3)">now</a></p><p>Second line.</p>');
    const [comment] = await eventually(async () => {
      const items = await threads(article.id);
      return items.length === 1 && items;
    }, 'the comment');
    expect(comment!.content).toBe('See this now\n\nSecond line.');
    expect(comment!.content).not.toMatch(/script|img|alert|javascript/);
  });

  it('an Update of the note edits the comment and a Delete removes it', async () => {
    const article = await publish('Pier repairs');
    const note = await reply('erin', article.objectId, '<p>Pier closed Monday.</p>');
    await eventually(async () => (await threads(article.id)).length === 1, 'the comment');
    const edited = new Note({ id: note.id, attribution: peer.actorUri('erin'), replyTarget: article.objectId, content: '<p>Pier closed Tuesday.</p>', to: PUBLIC_COLLECTION });
    await peer.context().sendActivity({ identifier: 'erin' }, actor, new Update({ id: new URL(`${note.id!.href}/edit`), actor: peer.actorUri('erin'), object: edited, to: PUBLIC_COLLECTION }));
    const [comment] = await eventually(async () => {
      const items = await threads(article.id);
      return items[0]?.content === 'Pier closed Tuesday.' && items;
    }, 'the edit');
    expect(comment!.author?.handle).toBe(`@erin@${peer.host}`);
    // Someone else's Delete of it changes nothing.
    await peer.context().sendActivity({ identifier: 'frank' }, actor, new Delete({ id: new URL(`${note.id!.href}/not-yours`), actor: peer.actorUri('frank'), object: new Tombstone({ id: note.id }) }));
    await peer.context().sendActivity({ identifier: 'erin' }, actor, new Delete({ id: new URL(`${note.id!.href}/delete`), actor: peer.actorUri('erin'), object: new Tombstone({ id: note.id }), to: PUBLIC_COLLECTION }));
    await eventually(async () => (await threads(article.id)).length === 0, 'the deletion');
    expect((await owner.client.get(`/api/articles/${article.id}`)).json().commentCount).toBe(0);
  });

  it('holds a first reply for the moderator under hold-first: no reader sees it until it is approved', async () => {
    expect((await owner.client.put(`/api/channels/${channel.id}/moderation`, { commentPolicy: 'hold_first', blockedWords: [] })).statusCode).toBe(200);
    try {
      const article = await publish('Held back');
      await reply('grace', article.objectId, '<p>First time here.</p>');
      const held = await eventually(async () => {
        const queue = (await owner.client.get(`/api/moderation/held?channelId=${channel.id}`)).json();
        return (queue.items ?? queue).find((c: { content: string }) => c.content === 'First time here.');
      }, 'the held reply');
      expect(await threads(article.id)).toEqual([]);
      expect(await threads(article.id, reader.client)).toEqual([]);
      expect((await owner.client.post(`/api/moderation/held/${held.id}`, { decision: 'approve' })).statusCode).toBe(200);
      expect((await threads(article.id)).map((c) => c.content)).toEqual(['First time here.']);
    } finally {
      await owner.client.put(`/api/channels/${channel.id}/moderation`, { commentPolicy: 'open', blockedWords: [] });
    }
  });

  it('holds a reply with a blocked word, drops replies when comments are closed', async () => {
    const article = await publish('Rules apply');
    expect((await owner.client.put(`/api/channels/${channel.id}/moderation`, { commentPolicy: 'open', blockedWords: ['casino'] })).statusCode).toBe(200);
    await reply('heidi', article.objectId, '<p>Best casino in town</p>');
    await eventually(async () => {
      const queue = (await owner.client.get(`/api/moderation/held?channelId=${channel.id}`)).json();
      return (queue.items ?? queue).some((c: { content: string }) => c.content === 'Best casino in town');
    }, 'the held reply');
    expect(await threads(article.id)).toEqual([]);
    expect((await owner.client.put(`/api/channels/${channel.id}/moderation`, { commentPolicy: 'closed', blockedWords: [] })).statusCode).toBe(200);
    await reply('heidi', article.objectId, '<p>Closed, then?</p>');
    await t.ctx.federation!.settled();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await threads(article.id)).toEqual([]);
    await owner.client.put(`/api/channels/${channel.id}/moderation`, { commentPolicy: 'open', blockedWords: [] });
  });

  it('bans a remote account by its handle from the Bans tab: its later replies are dropped, and its comments can be reported', async () => {
    const article = await publish('Banned voices');
    await reply('ivan', article.objectId, '<p>Before the ban.</p>');
    const [comment] = await eventually(async () => {
      const items = await threads(article.id);
      return items.length === 1 && items;
    }, 'the first reply');
    // Readers report a remote comment like any other.
    const report = await reader.client.post('/api/reports', { targetType: 'comment', targetId: comment!.id, reason: 'spam', text: null });
    expect(report.statusCode).toBe(201);

    const handle = `@ivan@${peer.host}`;
    const ban = await owner.client.post(`/api/channels/${channel.id}/bans`, { handle, reason: 'Spam' });
    expect(ban.statusCode).toBe(201);
    expect(ban.json().user.username).toBe(handle);
    expect((await owner.client.get(`/api/channels/${channel.id}/bans`)).json().map((b: { user: { username: string } }) => b.user.username)).toContain(handle);
    await reply('ivan', article.objectId, '<p>After the ban.</p>');
    // Nor are its likes counted, as a banned reader's reactions are refused.
    const { Like } = await import('@fedify/vocab');
    await peer.context().sendActivity({ identifier: 'ivan' }, actor, new Like({ id: new URL(`/likes/ivan-${Date.now()}`, peer.origin), actor: peer.actorUri('ivan'), object: article.objectId }));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await threads(article.id)).map((c) => c.content)).toEqual(['Before the ban.']);
    expect((await t.app.inject({ method: 'GET', url: `/api/articles/${article.id}` })).json().fediverse).toEqual({ likes: 0, announces: 0 });

    // A handle nobody here has met, or a username given as a handle, is not found; a malformed one is refused.
    expect((await owner.client.post(`/api/channels/${channel.id}/bans`, { handle: `@nobody@${peer.host}` })).statusCode).toBe(404);
    expect((await owner.client.post(`/api/channels/${channel.id}/bans`, { handle: `@${reader.username}@${t.host}` })).statusCode).toBe(404);
    const malformed = await owner.client.post(`/api/channels/${channel.id}/bans`, { handle: 'not a handle' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toContain('handle must look like @user@host');
    // A remote account is none of the site's people: no profile under its handle.
    expect([400, 404]).toContain((await t.app.inject({ method: 'GET', url: `/api/users/${encodeURIComponent(handle)}` })).statusCode);
  });

  it('ignores a reply whose note another actor wrote, and one to something that is not ours', async () => {
    const article = await publish('Not yours');
    noteCount += 1;
    const forged = new Note({ id: new URL(`/notes/judy/${noteCount}`, peer.origin), attribution: peer.actorUri('judy'), replyTarget: article.objectId, content: '<p>Forged</p>' });
    await peer.context().sendActivity({ identifier: 'mallory' }, actor, new Create({ id: new URL(`/activities/forged-${noteCount}`, peer.origin), actor: peer.actorUri('mallory'), object: forged }));
    await reply('judy', new URL('https://elsewhere.example/notes/1'), '<p>Elsewhere</p>');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await threads(article.id)).toEqual([]);
  });

  it('shows likes and boosts from the fediverse in the article answer, apart from its likes', async () => {
    const article = await publish('Counted');
    const { Like, Announce } = await import('@fedify/vocab');
    await peer.context().sendActivity({ identifier: 'alice' }, actor, new Like({ id: new URL(`/likes/counted-${Date.now()}`, peer.origin), actor: peer.actorUri('alice'), object: article.objectId }));
    await peer.context().sendActivity({ identifier: 'bob' }, actor, new Announce({ id: new URL(`/boosts/counted-${Date.now()}`, peer.origin), actor: peer.actorUri('bob'), object: article.objectId, to: PUBLIC_COLLECTION }));
    const answer = await eventually(async () => {
      const json = (await t.app.inject({ method: 'GET', url: `/api/articles/${article.id}` })).json();
      return json.fediverse.likes === 1 && json.fediverse.announces === 1 && json;
    }, 'the counts');
    expect(answer).toMatchObject({ likes: 0, dislikes: 0, fediverse: { likes: 1, announces: 1 } });
  });

  it('tells NodeInfo the site\'s own people and comments, not the remote accounts', async () => {
    const links = (await (await fetch(`${t.origin}/.well-known/nodeinfo`)).json()).links as { href: string }[];
    const info = await (await fetch(links[0]!.href)).json();
    expect(info.usage.users.total).toBeGreaterThanOrEqual(2);
    expect(info.usage.localComments).toEqual(expect.any(Number));
  });
});
