import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { browserCookies, registerThroughApi } from './support/content.js';
import { describeInBrowser, useSite } from './support/fixtures.js';
import { writerWithArticles } from './support/writers.js';

/**
 * What a reader of an article downloads before they act holds no form library, no schema library
 * and no editor: those load with the forms, dialogs and editor that use them. What each built file
 * holds is read from the list of its modules that the browser build writes beside Vite's manifest,
 * not guessed from the file's name.
 */

const WEB = path.resolve('dist/web');
/** The libraries a reader who has not acted yet has no use for. */
const NOT_BEFORE_ACTING = /(^|\/)node_modules\/(react-hook-form|@hookform\/[^/]+|zod|@tiptap\/[^/]+)\//;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

function readBuild() {
  const manifest = JSON.parse(fs.readFileSync(path.join(WEB, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const modules = JSON.parse(fs.readFileSync(path.join(WEB, '.vite/chunk-modules.json'), 'utf8')) as Record<string, string[]>;
  return { manifest, modules };
}

/** The manifest's keys of a chunk and of everything it imports statically (which the browser fetches with it). */
function withImports(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

/** Per built file, the modules in it that a reader should not get before acting. */
function unwantedModules(modules: Record<string, string[]>, files: Iterable<string>): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const file of files) {
    const held = modules[file];
    if (!held) throw new Error(`the build lists no modules for ${file}`);
    const unwanted = held.filter((id) => NOT_BEFORE_ACTING.test(id));
    if (unwanted.length > 0) found[file] = unwanted;
  }
  return found;
}

/** The built JavaScript files a page fetched, by their path under dist/web. */
function scriptsOf(journey: Journey): string[] {
  const fetched: string[] = [];
  journey.page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) fetched.push(pathname.slice(1));
  });
  return fetched;
}

it('the scripts an article page starts with (its entry, the app, the page and what they import) hold no form library, schema library or editor', () => {
  const { manifest, modules } = readBuild();
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  expect(entry, 'the browser build has an entry').toBeDefined();
  // Before the reader acts, an anonymous article page runs the entry and what it imports; at the first
  // act it starts the app (the entry's dynamic import) with the page's own chunk, which the server preloads.
  const start = [entry!, ...(manifest[entry!]!.dynamicImports ?? []), 'app/routes/article.tsx'];
  const files = [...withImports(manifest, start)].map((key) => manifest[key]!.file);
  expect(files.length).toBeGreaterThan(2);
  // The check can fail: the editor's own chunk, which only an author opening Edit loads, holds it.
  const editor = Object.keys(manifest).find((key) => key.endsWith('features/articles/components/rich-text-editor.tsx'));
  expect(Object.values(unwantedModules(modules, [manifest[editor!]!.file])).flat()).toContainEqual(expect.stringMatching(/node_modules\/@tiptap\//));
  expect(unwantedModules(modules, files)).toEqual({});
});

describeInBrowser('an article page before its reader acts', () => {
  const site = useSite();

  it('a signed-out reader fetches no form library, schema library or editor, and can still comment once signed in', async () => {
    const base = site.server.url;
    const writer = await writerWithArticles(base, { articles: 1 });
    const article = writer.articles[0]!;
    await writer.call('POST', `/api/articles/${article.id}/comments`, { content: 'The wall looks better than before.', parent_id: null });
    const articlePath = `/articles/${article.slug}-${article.id}`;
    const { modules } = readBuild();

    // Read, then acted on (Journey.goto presses Shift): hydrated, with everything the page asks for answered.
    const reader = await Journey.open(site.browser, base);
    const fetched = scriptsOf(reader);
    await reader.goto(articlePath);
    await reader.page.getByRole('button', { name: /^Like/ }).waitFor({ state: 'visible' });
    await reader.page.getByLabel('Add a comment').waitFor({ state: 'visible' });
    expect(fetched.length).toBeGreaterThan(2);
    expect(unwantedModules(modules, fetched)).toEqual({});
    await reader.close();

    // A signed-in reader's form is checked before it is sent: its code comes with their page.
    const member = await registerThroughApi(base, 'member');
    const signedIn = await Journey.open(site.browser, base);
    await signedIn.context.addCookies(browserCookies(base, member.cookie));
    const fetchedSignedIn = scriptsOf(signedIn);
    await signedIn.goto(articlePath);
    await signedIn.page.getByRole('button', { name: 'Post Comment' }).click();
    await signedIn.page.getByText('Comment cannot be empty').waitFor({ state: 'visible' });
    expect(fetchedSignedIn.some((file) => modules[file]?.includes('src/web/features/comments/components/comment-form.tsx'))).toBe(true);
    await signedIn.close();
  });
});
