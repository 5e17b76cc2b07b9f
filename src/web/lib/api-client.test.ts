import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, getQueryFn } from './api-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function json(body: unknown, init: ResponseInit) {
  return new Response(JSON.stringify(body), { ...init, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends a JSON body with the session cookie and returns the parsed answer', async () => {
    const fetchMock = stubFetch(json({ success: true, id: 1 }, { status: 200 }));
    await expect(apiRequest('POST', '/api/login', { username: 'ann', password: 'secret1' })).resolves.toEqual({
      success: true,
      id: 1,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/login');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"username":"ann","password":"secret1"}' });
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('names the client in every request: Broadsheet, version 1.0.0', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(async () => json({ ok: true }, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('GET', '/api/articles');
    await getQueryFn({ on401: 'throw' })({ queryKey: ['/api/user'], signal: new AbortController().signal } as never);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    for (const [, init] of fetchMock.mock.calls) expect((init?.headers as Record<string, string>)['X-Client-Info']).toBe('Broadsheet/1.0.0');
  });

  it('sends no body and no JSON content type when there is no payload', async () => {
    const fetchMock = stubFetch(json({ success: true }, { status: 200 }));
    await apiRequest('POST', '/api/logout');
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('resolves 204 as undefined', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest('DELETE', '/api/articles/1')).resolves.toBeUndefined();
  });

  it("uses the answer's error field first", async () => {
    stubFetch(json({ error: 'Username is already taken', message: 'ignored' }, { status: 409 }));
    const error = await apiRequest('POST', '/api/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Username is already taken' });
  });

  it('falls back to the message field', async () => {
    stubFetch(json({ message: 'Article not found' }, { status: 404 }));
    await expect(apiRequest('GET', '/api/articles/9')).rejects.toMatchObject({ status: 404, message: 'Article not found' });
  });

  it("falls back to 'Request failed with status {status}: {statusText}'", async () => {
    stubFetch(new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiRequest('GET', '/api/articles')).rejects.toMatchObject({
      status: 502,
      message: 'Request failed with status 502: Bad Gateway',
    });
  });
});

describe('getQueryFn', () => {
  const context = (url: string) => ({ queryKey: [url], signal: new AbortController().signal }) as never;

  it("GETs the query key's first element", async () => {
    const fetchMock = stubFetch(json({ google: true }, { status: 200 }));
    await expect(getQueryFn({ on401: 'throw' })(context('/api/auth/providers'))).resolves.toEqual({ google: true });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/providers');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'include' });
  });

  it("answers null for a 401 when told to 'returnNull'", async () => {
    stubFetch(json({ error: 'You must be logged in' }, { status: 401 }));
    await expect(getQueryFn({ on401: 'returnNull' })(context('/api/user'))).resolves.toBeNull();
  });

  it("throws '{status}: {body text}' otherwise", async () => {
    stubFetch(json({ error: 'You must be logged in' }, { status: 401 }));
    await expect(getQueryFn({ on401: 'throw' })(context('/api/user'))).rejects.toMatchObject({
      status: 401,
      message: '401: {"error":"You must be logged in"}',
    });
  });
});
