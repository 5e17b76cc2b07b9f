import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The server render imports React Router and React DOM from node_modules (the SSR bundle keeps
 * them external). Their development builds check and warn on every render, at several times the
 * CPU. Node picks React Router's build by its package's export conditions and React's by
 * NODE_ENV, so what `npm start` runs is asked of a Node process started the way it starts one.
 */
describe('the libraries the server render runs', () => {
  it("are React Router's and React DOM's production builds under npm start's flags and environment", () => {
    const start = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.start as string;
    const flags = start.match(/--[\w-]+=\S+/g) ?? [];
    expect(start).not.toMatch(/--conditions|-C /);
    const script = `
      const router = import.meta.resolve('react-router');
      const { createRequire } = await import('node:module');
      const require = createRequire(import.meta.url);
      require('react-dom/server');
      const loaded = Object.keys(require.cache).filter((file) => file.includes('react-dom-server'));
      console.log(JSON.stringify({ router, loaded }));`;
    // scripts/start.mjs sets NODE_ENV to production when it is not set; the child gets the same.
    const startScript = fs.readFileSync('scripts/start.mjs', 'utf8');
    expect(startScript).toContain("process.env.NODE_ENV ??= 'production'");
    const answer = JSON.parse(
      execFileSync(process.execPath, [...flags, '--input-type=module', '-e', script], { env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8' }).trim(),
    ) as { router: string; loaded: string[] };
    expect(answer.router).toMatch(/react-router\/dist\/production\//);
    expect(answer.loaded.some((file) => file.endsWith('react-dom-server.node.production.js'))).toBe(true);
    expect(answer.loaded.some((file) => file.includes('development'))).toBe(false);
  });
});
