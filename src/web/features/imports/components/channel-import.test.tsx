// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_MESSAGES } from '@contract/channel-rules';
import type { ImportJob, ImportPreview } from '@contract/imports';
import { ChannelImport } from './channel-import';

function show(refused: number | null, channelId: number | null = 7) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ChannelImport channelId={channelId} refused={refused} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the import page', () => {
  afterEach(cleanup);
  it("tells a reader who does not own the channel they may not import", () => {
    show(403);
    expect(screen.getByText(CHANNEL_MESSAGES.noPermission)).toBeTruthy();
    expect(screen.queryByLabelText('Export file')).toBeNull();
  });

  it('says a missing channel is not found', () => {
    show(404);
    expect(screen.getByText(CHANNEL_MESSAGES.notFound)).toBeTruthy();
  });
});

const COUNTS = { articles: 3, drafts: 2, comments: 14, images: 5, redirects: 6, subscribers: 0, skipped: 4 };
const PREVIEW: ImportPreview = { format: 'wordpress', status: 'done', total: 5, done: 0, counts: COUNTS, problems: [{ item: 'page "About" (wp:post_id 102)', reason: 'pages are not imported' }] } as ImportPreview;

function job(fields: Partial<ImportJob>): ImportJob {
  return { id: 5, channelId: 7, format: 'wordpress', status: 'running', total: 5, done: 0, counts: COUNTS, problems: [], fileName: 'export.xml', createdAt: '2026-12-01T10:00:00.000Z', ...fields } as ImportJob;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The server as the form meets it: the past imports (none), a POST answered by `post` (by dry run or
 * not), and the job answered by `jobAnswer`. Returns the files each POST carried.
 */
function server({ post, jobAnswer }: { post: (dryRun: boolean) => Response; jobAnswer?: () => Response }) {
  const posted: { dryRun: boolean; file: string | undefined }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (init.method === 'POST') {
      const dryRun = url.endsWith('?dryRun=true');
      posted.push({ dryRun, file: ((init.body as FormData).get('file') as File | null)?.name });
      return post(dryRun);
    }
    if (/^\/api\/imports\/\d+$/.test(url) && jobAnswer) return jobAnswer();
    if (url.startsWith('/api/channels/7/imports')) return json({ items: [], nextCursor: null });
    return json({ error: 'Not found' }, 404);
  });
  return posted;
}

const exportFile = () => new File(['<rss></rss>'], 'export.xml', { type: 'text/xml' });

async function chooseAndPreview(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(screen.getByLabelText('Export file'), exportFile());
  await user.click(screen.getByRole('button', { name: 'Preview' }));
}

describe('the import form', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('cannot start without a file, and asks for one when previewed without it', async () => {
    const posted = server({ post: () => json(PREVIEW) });
    const user = userEvent.setup();
    show(null);
    expect(screen.getByRole('button', { name: 'Start import' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose the export file to import.');
    expect(posted).toEqual([]);
    expect(screen.getByRole('button', { name: 'Start import' }).hasAttribute('disabled')).toBe(true);
  });

  it('previews the chosen file: the format it detected and what would come in, then lets the import start', async () => {
    const posted = server({ post: () => json(PREVIEW) });
    const user = userEvent.setup();
    show(null);
    await chooseAndPreview(user);
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(preview.textContent).toContain('Detected format: WordPress. Nothing has been imported yet.');
    const counts = Object.fromEntries([...preview.querySelectorAll('dl > div')].map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]));
    expect(counts).toEqual({ Articles: '3', Drafts: '2', Comments: '14', Images: '5', Redirects: '6', Subscribers: '0', Skipped: '4' });
    expect(within(preview).getByRole('list', { name: 'Problems' }).textContent).toContain('page "About" (wp:post_id 102): pages are not imported');
    expect(document.activeElement).toBe(preview);
    expect(posted).toEqual([{ dryRun: true, file: 'export.xml' }]);
    expect(screen.getByRole('button', { name: 'Start import' }).hasAttribute('disabled')).toBe(false);
  });

  it("shows the server's reason for refusing a file and keeps the file chosen, to send again", async () => {
    const posted = server({ post: () => json({ error: 'The file is not an export of a format we know (Ghost, WordPress, Substack, Medium, Broadsheet)' }, 400) });
    const user = userEvent.setup();
    show(null);
    await chooseAndPreview(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The file is not an export of a format we know (Ghost, WordPress, Substack, Medium, Broadsheet)');
    expect(document.activeElement).toBe(alert);
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Start import' }).hasAttribute('disabled')).toBe(true);
    // The file is still the chosen one: Preview sends it again without choosing it anew.
    expect((screen.getByLabelText('Export file') as HTMLInputElement).files?.[0]?.name).toBe('export.xml');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(posted).toEqual([{ dryRun: true, file: 'export.xml' }, { dryRun: true, file: 'export.xml' }]));
  });

  it('shows a running import as a progress bar named by how far it is, with its value', async () => {
    server({ post: (dryRun) => (dryRun ? json(PREVIEW) : json({ id: 5 }, 202)), jobAnswer: () => json(job({ status: 'running', done: 2, total: 5 })) });
    const user = userEvent.setup();
    show(null);
    await chooseAndPreview(user);
    await screen.findByRole('region', { name: 'Preview' });
    await user.click(screen.getByRole('button', { name: 'Start import' }));
    const progress = await screen.findByRole('progressbar', { name: 'Importing… 2 of 5' });
    expect(progress.getAttribute('aria-valuenow')).toBe('2');
    expect(progress.getAttribute('aria-valuemin')).toBe('0');
    expect(progress.getAttribute('aria-valuemax')).toBe('5');
    // While it runs it cannot be started again or previewed.
    expect(screen.getByRole('button', { name: 'Start import' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Preview' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
  });

  it('shows a failed import with nothing imported and its first problem', async () => {
    const problem = { item: 'export.xml', reason: 'line 12: the XML is not well formed (unclosed tag <item>)' };
    const empty = { articles: 0, drafts: 0, comments: 0, images: 0, redirects: 0, subscribers: 0, skipped: 0 };
    server({ post: (dryRun) => (dryRun ? json(PREVIEW) : json({ id: 5 }, 202)), jobAnswer: () => json(job({ status: 'failed', done: 0, counts: empty, problems: [problem] })) });
    const user = userEvent.setup();
    show(null);
    await chooseAndPreview(user);
    await screen.findByRole('region', { name: 'Preview' });
    await user.click(screen.getByRole('button', { name: 'Start import' }));
    const report = await screen.findByRole('region', { name: 'Import failed' });
    expect(within(report).getByRole('alert').textContent).toBe('Nothing was imported. See the first problem below.');
    expect(within(report).getByRole('list', { name: 'Problems' }).querySelector('li')?.textContent).toBe('export.xml: line 12: the XML is not well formed (unclosed tag <item>)');
    await waitFor(() => expect(document.activeElement).toBe(report));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
