import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicFetch, isPublicAddress, publicFetch, PublicFetchError, type PublicFetcher } from './public-fetch.js';

const IMAGE = Buffer.from('\xff\xd8\xff\xe0 a small jpeg \xff\xd9', 'latin1');
let server: http.Server;
let base: string;
let port: number;
/** Allowed to reach this machine, as ALLOW_PRIVATE_ADDRESSES=true allows. */
let local: PublicFetcher;
/** Allowed to reach 127.0.0.1 only: any other address counts as private. */
let onlyLoopbackOne: PublicFetcher;
let streamedChunks = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/image.jpg') {
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': IMAGE.length });
      response.end(IMAGE);
    } else if (path === '/declared-large') {
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': 5000 });
      response.end(Buffer.alloc(5000));
    } else if (path === '/streamed-large') {
      // No content-length: the size shows only as the body arrives.
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      const timer = setInterval(() => {
        streamedChunks += 1;
        response.write(Buffer.alloc(500));
        if (streamedChunks >= 40) {
          clearInterval(timer);
          response.end();
        }
      }, 10);
      response.on('close', () => clearInterval(timer));
    } else if (path === '/slow') {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.write(Buffer.alloc(10));
    } else if (path === '/hop') {
      response.writeHead(302, { location: '/image.jpg' });
      response.end();
    } else if (path === '/loop') {
      response.writeHead(301, { location: '/loop' });
      response.end();
    } else if (path === '/to-elsewhere') {
      response.writeHead(307, { location: `http://127.0.0.2:${port}/image.jpg` });
      response.end();
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not here');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  local = createPublicFetch(() => true);
  onlyLoopbackOne = createPublicFetch((address) => address === '127.0.0.1');
});
afterAll(async () => {
  await local.close();
  await onlyLoopbackOne.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failure(promise: Promise<unknown>): Promise<{ failure: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PublicFetchError) return { failure: error.failure, message: error.message };
    throw error;
  }
  throw new Error('the fetch succeeded');
}

describe('the guarded outgoing fetch', () => {
  it('fetches from this machine when private addresses are allowed', async () => {
    const result = await local(`${base}/image.jpg`);
    expect(result).toEqual({ url: `${base}/image.jpg`, status: 200, contentType: 'image/jpeg', body: IMAGE });
  });

  it('refuses this machine without the option, by literal address and by name', async () => {
    expect(await failure(publicFetch(`${base}/image.jpg`))).toEqual({ failure: 'private address', message: `${base}/image.jpg: private address (127.0.0.1)` });
    expect(await failure(publicFetch(`http://[::1]:${port}/image.jpg`))).toEqual({ failure: 'private address', message: `http://[::1]:${port}/image.jpg: private address (::1)` });
    const byName = await failure(publicFetch(`http://localhost:${port}/image.jpg`));
    expect(byName.failure).toBe('private address');
    expect(byName.message).toMatch(new RegExp(`^http://localhost:${port}/image\\.jpg: private address \\(localhost resolves to (127\\.0\\.0\\.1|::1), which is not a public address\\)$`));
  });

  it('refuses the cloud metadata address, the unspecified address and private networks without connecting', async () => {
    for (const host of ['169.254.169.254', '0.0.0.0', '10.1.2.3', '192.168.0.10', '[fd00::1]', '[::ffff:127.0.0.1]']) {
      expect((await failure(publicFetch(`http://${host}/latest/meta-data/`))).failure).toBe('private address');
    }
  });

  it('refuses anything but http and https', async () => {
    expect(await failure(publicFetch('file:///etc/passwd'))).toEqual({ failure: 'bad address', message: 'file:///etc/passwd: file: addresses are not fetched' });
  });

  it('refuses a body whose declared length is over the limit at once', async () => {
    expect(await failure(local(`${base}/declared-large`, { maxBytes: 1000 }))).toEqual({ failure: 'too large', message: `${base}/declared-large: too large (5000 bytes, more than 1000)` });
  });

  it('stops a body that grows past the limit as soon as it does', async () => {
    expect(await failure(local(`${base}/streamed-large`, { maxBytes: 1000 }))).toEqual({ failure: 'too large', message: `${base}/streamed-large: too large (more than 1000 bytes)` });
    // The server was cut off long before its 40 chunks.
    expect(streamedChunks).toBeLessThan(40);
  });

  it('gives up on a body that does not finish in time', async () => {
    expect(await failure(local(`${base}/slow`, { timeoutMs: 300 }))).toEqual({ failure: 'timed out', message: `${base}/slow: timed out after 0.3 s` });
  });

  it('says which HTTP status failed', async () => {
    expect(await failure(local(`${base}/gone.jpg`))).toEqual({ failure: 'http status', message: `${base}/gone.jpg: HTTP 404` });
  });

  it('follows a redirect, and only a few', async () => {
    expect(await local(`${base}/hop`)).toMatchObject({ url: `${base}/image.jpg`, status: 200, body: IMAGE });
    expect(await failure(local(`${base}/loop`, { maxRedirects: 3 }))).toEqual({ failure: 'too many redirects', message: `${base}/loop: more than 3 redirects` });
  });

  it('checks every redirect hop again', async () => {
    expect(await onlyLoopbackOne(`${base}/image.jpg`)).toMatchObject({ status: 200 });
    expect(await failure(onlyLoopbackOne(`${base}/to-elsewhere`))).toEqual({
      failure: 'private address',
      message: `http://127.0.0.2:${port}/image.jpg: private address (127.0.0.2)`,
    });
  });

  it('checks every address a name resolves to before connecting', async () => {
    const nothing = createPublicFetch(() => false);
    try {
      expect((await failure(nothing(`http://localhost:${port}/image.jpg`))).failure).toBe('private address');
    } finally {
      await nothing.close();
    }
  });
});

describe('which addresses are public', () => {
  it('accepts ordinary unicast addresses and nothing else', () => {
    expect(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'].map(isPublicAddress)).toEqual([true, true, true]);
    const refused = ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd12:3456::1', 'ff02::1', '::ffff:10.0.0.1', 'not an address'];
    expect(refused.filter(isPublicAddress)).toEqual([]);
  });
});
