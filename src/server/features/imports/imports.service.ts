import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { IMPORT_MESSAGES, type CreateImportFields, type ImportJob, type ImportPreview, type Redirect } from '../../../contract/imports.js';
import { paths as pagePaths } from '../../../contract/paths.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { ChannelsRepository } from '../channels/channels.repository.js';
import { planImport, runImport, type ImportJobDeps } from './import-job.js';
import type { ImportRow } from './imports.repository.js';
import { detectImportFormat } from './read-import.js';
import { redirectKey } from './redirect-paths.js';
import { ImportFileError, type ImportFormat } from './source-records.js';

export interface ImportsServiceDeps extends ImportJobDeps {
  channels: Pick<ChannelsRepository, 'ownerOf'>;
  /** Where uploaded files wait for their job (DATA_DIR/imports). */
  directory: string;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  pollMs?: number;
  leaseMs?: number;
}

const toIso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function rowToJob(row: ImportRow): ImportJob {
  return {
    id: row.id,
    channelId: row.channel_id,
    format: row.format as ImportJob['format'],
    status: row.status,
    total: row.total,
    done: row.done,
    counts: JSON.parse(row.counts) as ImportJob['counts'],
    problems: JSON.parse(row.problems) as ImportJob['problems'],
    fileName: row.file_name,
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: toIso(row.finished_at),
  };
}

export function createImportsService(deps: ImportsServiceDeps) {
  const { repository } = deps;
  const now = deps.now ?? Date.now;
  const runnerName = `runner-${randomUUID()}`;
  const leaseMs = deps.leaseMs ?? 60_000;
  const pollMs = deps.pollMs ?? 2_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  const abort = new AbortController();

  /** The channel's owner or an admin; 404 for a channel that does not exist. */
  async function assertMayImport(user: SessionUser, channelId: number): Promise<void> {
    const owner = await deps.channels.ownerOf(channelId);
    if (owner === undefined) throw notFound(IMPORT_MESSAGES.channelNotFound);
    if (owner !== user.id && !user.isAdmin) throw forbidden(IMPORT_MESSAGES.notAllowed);
  }

  /** The format given, or the one detected; a file of no known format is a 400 at upload. */
  async function formatOf(file: string, fileName: string, given: ImportFormat | undefined): Promise<ImportFormat> {
    try {
      return given ?? (await detectImportFormat(file, { fileName, maxBytes: deps.maxBytes }));
    } catch (error) {
      if (error instanceof ImportFileError) throw badRequest(error.message);
      throw error;
    }
  }

  async function drain(): Promise<void> {
    while (!stopped) {
      const job = await repository.claimNext(runnerName, now(), leaseMs);
      if (!job) return;
      try {
        const outcome = await runImport(job, deps, { runner: runnerName, leaseMs, signal: abort.signal });
        deps.log?.info({ importId: job.id, outcome }, 'import finished');
        if (outcome !== 'lost') await fs.promises.rm(job.file_path, { force: true });
      } catch (error) {
        if (abort.signal.aborted) return;
        deps.log?.warn({ err: error, importId: job.id }, 'import failed');
        const problems = [{ item: job.file_name, reason: 'the import stopped on an error of the server; running it again continues where it stopped' }];
        await repository.progress(job.id, runnerName, { status: 'failed', problems, finishedAt: now() }, now());
        await fs.promises.rm(job.file_path, { force: true });
      }
    }
  }

  function wake() {
    if (stopped || running) return;
    running = drain()
      .catch((error: unknown) => deps.log?.warn({ err: error }, 'the import runner failed'))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    assertMayImport,

    /** Takes the uploaded file over (it is moved, not copied) and queues its job. */
    async start(user: SessionUser, channelId: number, upload: { path: string; fileName: string }, fields: CreateImportFields): Promise<number> {
      await assertMayImport(user, channelId);
      const format = await formatOf(upload.path, upload.fileName, fields.format);
      await fs.promises.mkdir(deps.directory, { recursive: true });
      const kept = path.join(deps.directory, `${randomUUID()}.upload`);
      await fs.promises.rename(upload.path, kept).catch(async () => {
        await fs.promises.copyFile(upload.path, kept);
      });
      const id = await repository.insertJob({ channelId, userId: user.id, format, authors: fields.authors, siteUrl: fields.siteUrl ?? null, fileName: upload.fileName, filePath: kept, now: now() });
      wake();
      return id;
    },

    /** The report an import of the file would give, importing nothing. */
    async preview(user: SessionUser, channelId: number, upload: { path: string; fileName: string }, fields: CreateImportFields): Promise<ImportPreview | (Omit<ImportPreview, 'status'> & { status: 'failed' })> {
      await assertMayImport(user, channelId);
      const format = await formatOf(upload.path, upload.fileName, fields.format);
      try {
        const plan = await planImport(upload.path, { format, fileName: upload.fileName, siteUrl: fields.siteUrl, maxBytes: deps.maxBytes }, deps.categories);
        return { ...plan, status: 'done', done: 0 };
      } catch (error) {
        if (!(error instanceof ImportFileError)) throw error;
        return { format, status: 'failed', total: 0, done: 0, counts: { articles: 0, drafts: 0, comments: 0, images: 0, redirects: 0, subscribers: 0, skipped: 0 }, problems: [{ item: error.location, reason: error.reason }] };
      }
    },

    async get(user: SessionUser, id: number): Promise<ImportJob> {
      const row = await repository.job(id);
      if (!row) throw notFound(IMPORT_MESSAGES.notFound);
      const owner = await deps.channels.ownerOf(row.channel_id);
      // Someone else's import does not exist for them.
      if (row.user_id !== user.id && owner !== user.id && !user.isAdmin) throw notFound(IMPORT_MESSAGES.notFound);
      return rowToJob(row);
    },

    async list(user: SessionUser, channelId: number, query: { cursor?: string; limit: number }): Promise<{ items: ImportJob[]; nextCursor: string | null }> {
      await assertMayImport(user, channelId);
      const before = query.cursor === undefined ? null : Number(query.cursor);
      if (before !== null && !(Number.isSafeInteger(before) && before > 0)) throw badRequest('cursor is invalid');
      const rows = await repository.jobsOf(channelId, before, query.limit);
      const items = rows.slice(0, query.limit).map(rowToJob);
      return { items, nextCursor: rows.length > query.limit ? String(items.at(-1)!.id) : null };
    },

    async redirects(user: SessionUser, channelId: number, query: { cursor?: string; limit: number }): Promise<{ items: Redirect[]; nextCursor: string | null }> {
      await assertMayImport(user, channelId);
      const after = query.cursor === undefined ? null : Number(query.cursor);
      if (after !== null && !(Number.isSafeInteger(after) && after > 0)) throw badRequest('cursor is invalid');
      const rows = await repository.redirectsOf(channelId, after, query.limit);
      const items = rows.slice(0, query.limit).map((row) => ({
        id: Number(row.id),
        path: row.path,
        articleId: row.article_id,
        location: pagePaths.article(row.article_id, row.slug),
        createdAt: new Date(Number(row.created_at)).toISOString(),
      }));
      return { items, nextCursor: rows.length > query.limit ? String(items.at(-1)!.id) : null };
    },

    async deleteRedirect(user: SessionUser, channelId: number, redirectId: number): Promise<void> {
      await assertMayImport(user, channelId);
      if (!(await repository.deleteRedirect(channelId, redirectId))) throw notFound(IMPORT_MESSAGES.redirectNotFound);
    },

    /** Where an old address now lives, for the 301; undefined when it is not one of ours to redirect. */
    async redirectLocation(pathAndQuery: string): Promise<string | undefined> {
      const key = redirectKey(pathAndQuery);
      if (!key) return undefined;
      const target = await repository.redirectFor(key);
      return target && pagePaths.article(target.article_id, target.slug);
    },

    /** Runs waiting jobs, and takes over those a stopped instance left, until stop(). */
    startRunner() {
      if (!stopped) return;
      stopped = false;
      wake();
      timer = setInterval(wake, pollMs);
      timer.unref();
    },

    async stopRunner() {
      stopped = true;
      if (timer) clearInterval(timer);
      abort.abort();
      await running;
    },

    /** Runs waiting jobs now and resolves when none is left (the CLI's way). */
    async runPending(): Promise<void> {
      stopped = false;
      try {
        await drain();
      } finally {
        stopped = true;
      }
    },
  };
}
export type ImportsService = ReturnType<typeof createImportsService>;
