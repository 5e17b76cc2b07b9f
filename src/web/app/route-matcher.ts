import type { RouteMatch, RouteObject } from 'react-router';

/**
 * React Router's `matchRoutes`, with the route table flattened, ranked and compiled once. React
 * Router's declarative API (`useRoutes`, `matchRoutes`) does that work again on every call: three
 * times a server render, 0.5 ms of CPU a page (a profile of the article page, decision 020). The
 * rules are React Router 7's (ranking, `:param`, optional segments, `*`, case-insensitive, trailing
 * slashes, decoding), and route-matcher.test.ts holds the answers equal to `matchRoutes` on every
 * page path.
 */

interface CompiledSegment {
  route: RouteObject;
  matcher: RegExp;
  params: { name: string; optional: boolean }[];
}

interface Branch {
  score: number;
  indexes: number[];
  segments: CompiledSegment[];
}

export type RouteMatcher = (pathname: string) => RouteMatch[] | null;

export function createRouteMatcher(routes: RouteObject[]): RouteMatcher {
  const branches: Branch[] = [];
  flatten(routes, branches, [], [], '');
  branches.sort((a, b) => b.score - a.score || compareIndexes(a.indexes, b.indexes));
  return (pathname) => {
    const decoded = decodePath(pathname || '/');
    for (const branch of branches) {
      const matches = matchBranch(branch, decoded);
      if (matches) return matches;
    }
    return null;
  };
}

type Meta = { route: RouteObject; relativePath: string; index: number };

function flatten(routes: RouteObject[], branches: Branch[], parents: Meta[], indexes: number[], parentPath: string) {
  routes.forEach((route, index) => {
    const meta: Meta = { route, relativePath: route.path ?? '', index };
    const path = joinPaths([parentPath, meta.relativePath]);
    const chain = [...parents, meta];
    if (route.children?.length) flatten(route.children, branches, chain, [...indexes, index], path);
    if (route.path == null && !route.index) return;
    branches.push({
      score: computeScore(path, route.index === true),
      indexes: [...indexes, index],
      segments: chain.map((m, i) => compile(m.route, m.relativePath, i === chain.length - 1)),
    });
  });
}

function computeScore(path: string, index: boolean): number {
  const segments = path.split('/');
  let score = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    score += /^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

function compareIndexes(a: number[], b: number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? a[a.length - 1]! - b[b.length - 1]! : 0;
}

function compile(route: RouteObject, path: string, end: boolean): CompiledSegment {
  const params: CompiledSegment['params'] = [];
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)(\?)?/g, (_, name: string, optional?: string) => {
        params.push({ name, optional: optional != null });
        return optional ? '/?([^\\/]+)?' : '/([^\\/]+)';
      })
      .replace(/\/([\w-]+)\?(\/|$)/g, '(/$1)?$2');
  if (path.endsWith('*')) {
    params.push({ name: '*', optional: false });
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) {
    source += '\\/*$';
  } else if (path !== '' && path !== '/') {
    source += '(?:(?=\\/|$))';
  }
  return { route, matcher: new RegExp(source, route.caseSensitive ? undefined : 'i'), params };
}

function matchBranch(branch: Branch, pathname: string): RouteMatch[] | null {
  const params: Record<string, string | undefined> = {};
  const matches: RouteMatch[] = [];
  let matchedPathname = '/';
  for (const segment of branch.segments) {
    const remaining = matchedPathname === '/' ? pathname : pathname.slice(matchedPathname.length) || '/';
    const found = segment.matcher.exec(remaining);
    if (!found) return null;
    const matched = found[0];
    let base = matched.replace(/(.)\/+$/, '$1');
    segment.params.forEach(({ name, optional }, i) => {
      const value = found[i + 1];
      if (name === '*') base = matched.slice(0, matched.length - (value ?? '').length).replace(/(.)\/+$/, '$1');
      params[name] = optional && !value ? undefined : (value ?? '').replace(/%2F/g, '/');
    });
    matches.push({
      params,
      pathname: joinPaths([matchedPathname, matched]),
      pathnameBase: joinPaths([matchedPathname, base]).replace(/\/+$/, '').replace(/^\/*/, '/'),
      route: segment.route,
    });
    if (base !== '/') matchedPathname = joinPaths([matchedPathname, base]);
  }
  return matches;
}

function joinPaths(paths: string[]): string {
  return paths.join('/').replace(/\/\/+/g, '/');
}

function decodePath(path: string): string {
  try {
    return path
      .split('/')
      .map((part) => decodeURIComponent(part).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return path;
  }
}
