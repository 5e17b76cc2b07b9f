import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFederation, generateCryptoKeyPair, MemoryKvStore, type Context, type Federation } from '@fedify/fedify';
import { Activity, Endpoints, Follow, Person, type Actor } from '@fedify/vocab';

/** A free port on loopback (for a server whose address must be known before it is built). */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A Mastodon-like server for the tests, written with Fedify itself, on loopback: its own actors
 * (with keys, an inbox and a shared inbox), which receive and verify what our site delivers.
 */
export interface Peer {
  origin: string;
  host: string;
  federation: Federation<undefined>;
  /** Activities the peer's inboxes accepted (their signatures verified by Fedify), in order. */
  received: { inbox: string; activity: Activity; json: unknown }[];
  actorUri(name: string): URL;
  /** The peer's context, for lookups and sending as one of its actors. */
  context(): Context<undefined>;
  close(): Promise<void>;
}

export async function startPeer(): Promise<Peer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const keys = new Map<string, CryptoKeyPair[]>();
  const received: Peer['received'] = [];
  const federation = createFederation<undefined>({ kv: new MemoryKvStore(), origin, allowPrivateAddress: true });
  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      const pairs = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: `${identifier[0]!.toUpperCase()}${identifier.slice(1)} Peer`,
        url: new URL(`/@${identifier}`, origin),
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: pairs[0]?.cryptographicKey ?? null,
        assertionMethods: pairs.map((p) => p.multikey),
      });
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => {
      let pairs = keys.get(identifier);
      if (!pairs) {
        pairs = [await generateCryptoKeyPair('RSASSA-PKCS1-v1_5'), await generateCryptoKeyPair('Ed25519')];
        keys.set(identifier, pairs);
      }
      return pairs;
    });
  federation.setInboxListeners('/users/{identifier}/inbox', '/inbox').on(Activity, async (ctx, activity) => {
    received.push({ inbox: ctx.recipient ?? 'shared', activity, json: await activity.toJsonLd() });
  });
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) for (const v of [value ?? []].flat()) headers.append(name, v);
    const request = new Request(new URL(req.url ?? '/', origin), { method: req.method, headers, body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks) });
    const response = await federation.fetch(request, { contextData: undefined });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin,
    host: `127.0.0.1:${port}`,
    federation,
    received,
    actorUri: (name) => new URL(`/users/${name}`, origin),
    context: () => federation.createContext(new URL(origin), undefined),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Resolves `@handle@host` as Mastodon's search does: WebFinger, then the actor document its `self`
 * link names. The WebFinger query is made over http here (Fedify's own lookup always uses https,
 * which a loopback test server does not speak); the actor is fetched by the peer's Fedify.
 */
export async function lookupActor(peer: Peer, handle: string): Promise<Actor | null> {
  const [, user, host] = /^@?([^@]+)@(.+)$/.exec(handle) ?? [];
  const response = await fetch(`http://${host}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${user}@${host}`)}`);
  if (!response.ok) return null;
  const links = ((await response.json()) as { links?: { rel: string; type?: string; href?: string }[] }).links ?? [];
  const self = links.find((l) => l.rel === 'self' && l.type === 'application/activity+json')?.href;
  if (!self) return null;
  const found = await peer.context().lookupObject(self);
  return found && 'inboxId' in found ? (found as Actor) : null;
}

/** Follows `target` as the peer's `name`: a signed Follow delivered to its inbox. */
export async function follow(peer: Peer, name: string, target: Actor): Promise<Follow> {
  const activity = new Follow({ id: new URL(`/follows/${name}/${Date.now()}-${Math.random()}`, peer.origin), actor: peer.actorUri(name), object: target.id });
  await peer.context().sendActivity({ identifier: name }, target, activity);
  return activity;
}
