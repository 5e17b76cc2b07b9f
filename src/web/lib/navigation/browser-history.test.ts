// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createNavigationHistory, type LocationUpdate, type ShouldBlock } from './browser-history';

describe('the navigation history', () => {
  beforeEach(() => window.history.replaceState(null, '', '/articles/new'));

  function start() {
    const history = createNavigationHistory(window);
    const shown: LocationUpdate[] = [];
    history.listen((update) => shown.push(update));
    return { history, shown };
  }

  it('shows each push and replace with the options the navigation asked for', () => {
    const { history, shown } = start();
    history.navigator.push('/channels?sort=new', { from: 'menu' }, { preventScrollReset: true });
    history.navigator.replace('/channels', undefined, { flushSync: true });
    expect(shown.map(({ action, location, options }) => [action, location.pathname + location.search, location.state, options])).toEqual([
      ['PUSH', '/channels?sort=new', { from: 'menu' }, { preventScrollReset: true, flushSync: undefined }],
      ['REPLACE', '/channels', null, { preventScrollReset: undefined, flushSync: true }],
    ]);
    expect(window.location.pathname).toBe('/channels');
    expect(history.current().location.pathname).toBe('/channels');
  });

  it('holds back a navigation a blocker picks until the page proceeds, and drops it on reset', () => {
    const { history, shown } = start();
    const asked: string[] = [];
    const leavingTheEditor: ShouldBlock = ({ currentLocation, nextLocation }) => {
      asked.push(`${currentLocation.pathname} -> ${nextLocation.pathname}`);
      return currentLocation.pathname !== nextLocation.pathname;
    };
    const unblock = history.block(leavingTheEditor);
    const notified: string[] = [];
    history.subscribeBlocker(() => notified.push(history.blocker().state));

    history.navigator.push('/');
    expect(shown).toEqual([]);
    expect(window.location.pathname).toBe('/articles/new');
    expect(history.blocker()).toMatchObject({ state: 'blocked', location: { pathname: '/' } });

    history.blocker().reset!();
    expect(history.blocker().state).toBe('unblocked');
    expect(window.location.pathname).toBe('/articles/new');

    // The same page with another query string is not leaving it.
    history.navigator.replace('/articles/new?draft=1');
    expect(shown.map((update) => update.location.search)).toEqual(['?draft=1']);

    history.navigator.push('/channels');
    history.blocker().proceed!();
    expect(window.location.pathname).toBe('/channels');
    expect(shown.map((update) => update.location.pathname)).toEqual(['/articles/new', '/channels']);
    expect(notified).toEqual(['blocked', 'unblocked', 'blocked', 'unblocked']);
    expect(asked).toEqual(['/articles/new -> /', '/articles/new -> /articles/new', '/articles/new -> /channels']);

    // Once the blocker is gone, navigations go through.
    unblock();
    history.navigator.push('/');
    expect(window.location.pathname).toBe('/');
  });

  it('removes a pending question when its blocker goes', () => {
    const { history } = start();
    const unblock = history.block(() => true);
    history.navigator.push('/');
    expect(history.blocker().state).toBe('blocked');
    unblock();
    expect(history.blocker().state).toBe('unblocked');
  });

  it('changes the address once the next page is prepared, and only for the latest navigation', async () => {
    const { history, shown } = start();
    const loads = new Map<string, () => void>();
    history.setPrepare((pathname) =>
      pathname === '/ready' ? undefined : new Promise<void>((resolve) => loads.set(pathname, resolve)),
    );
    history.navigator.push('/ready');
    expect(window.location.pathname).toBe('/ready');

    history.navigator.push('/channels');
    history.navigator.push('/profile');
    expect(window.location.pathname).toBe('/ready');
    expect(shown.map((update) => update.location.pathname)).toEqual(['/ready']);

    // The later click wins: the first page's module arriving afterwards changes nothing.
    loads.get('/profile')!();
    await Promise.resolve();
    loads.get('/channels')!();
    await Promise.resolve();
    await Promise.resolve();
    expect(window.location.pathname).toBe('/profile');
    expect(shown.map((update) => update.location.pathname)).toEqual(['/ready', '/profile']);
  });
});
