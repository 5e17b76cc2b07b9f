import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CreateImportFieldsSchema, ImportFormatSchema, type ImportJob } from '../../contract/imports.js';
import type { AppContext } from '../app.js';
import type { SessionUser } from '../features/auth/sessions.service.js';

export const IMPORT_USAGE =
  'Usage: npm run import -- --channel ID [--format ghost|wordpress|substack|medium|broadsheet] [--as USERNAME] [--authors accounts|me] [--site-url URL] FILE';

/**
 * `npm run import`: imports a file into a channel as its owner, or as the admin `--as` names, and
 * prints the progress and the report. The job is the one the web page starts
 * (docs/decisions/046-import-and-export.md); here this process runs it.
 */
export async function importCommand(ctx: Pick<AppContext, 'imports' | 'users' | 'channelsRepository'>, argv: string[], print: (line: string) => void): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { channel: { type: 'string' }, format: { type: 'string' }, as: { type: 'string' }, authors: { type: 'string' }, 'site-url': { type: 'string' } },
    });
  } catch (error) {
    print(`${(error as Error).message}\n${IMPORT_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const channelId = Number(values.channel);
  const [file] = positionals;
  if (!Number.isSafeInteger(channelId) || channelId <= 0 || !file || positionals.length > 1) {
    print(IMPORT_USAGE);
    return 2;
  }
  const fields = CreateImportFieldsSchema.safeParse({ format: values.format, authors: values.authors, siteUrl: values['site-url'] });
  if (!fields.success || (values.format !== undefined && !ImportFormatSchema.safeParse(values.format).success)) {
    print(`${fields.success ? 'format is not one of ghost, wordpress, substack, medium, broadsheet' : fields.error.issues[0]!.message}\n${IMPORT_USAGE}`);
    return 2;
  }
  if (!fs.existsSync(file)) {
    print(`No file at ${file}.`);
    return 1;
  }
  const ownerId = await ctx.channelsRepository.ownerOf(channelId);
  if (ownerId === undefined) {
    print(`No channel ${channelId}.`);
    return 1;
  }
  const row = values.as ? await ctx.users.findByUsername(values.as) : await ctx.users.findById(ownerId);
  if (!row) {
    print(`No user named "${values.as}".`);
    return 1;
  }
  if (row.id !== ownerId && row.is_admin !== 1) {
    print(`${row.username} is neither the channel's owner nor an admin.`);
    return 1;
  }
  const user: SessionUser = { id: row.id, username: row.username, description: row.description, isAdmin: row.is_admin === 1, hasPassword: row.password_hash !== null, createdAt: new Date(Number(row.created_at)).toISOString(), sessionId: 'cli' };
  // The job takes its file over: it gets a copy, never the person's own file.
  const copy = path.join(os.tmpdir(), `broadsheet-import-cli-${process.pid}-${Date.now()}`);
  await fs.promises.copyFile(file, copy);
  let id: number;
  try {
    id = await ctx.imports.start(user, channelId, { path: copy, fileName: path.basename(file) }, fields.data);
  } catch (error) {
    print((error as Error).message);
    return 1;
  } finally {
    await fs.promises.rm(copy, { force: true });
  }
  print(`Import ${id} of ${path.basename(file)} into channel ${channelId} as ${user.username}.`);
  let lastLine = '';
  const show = async () => {
    const job = await ctx.imports.get(user, id);
    const line = `${job.status}: ${job.done}/${job.total}`;
    if (line !== lastLine) print(line);
    lastLine = line;
    return job;
  };
  const ticker = setInterval(() => void show().catch(() => {}), 1000);
  let job: ImportJob;
  try {
    // This process runs it (a server sharing the database may take it first: then this waits for it).
    await ctx.imports.runPending();
    for (job = await show(); job.status === 'queued' || job.status === 'running'; job = await show()) await new Promise((resolve) => setTimeout(resolve, 1000));
  } finally {
    clearInterval(ticker);
  }
  print(report(job));
  return job.status === 'done' ? 0 : 1;
}

function report(job: ImportJob): string {
  const { counts } = job;
  const lines = [
    `Import ${job.id} ${job.status} (${job.format ?? 'unknown format'}).`,
    `  articles ${counts.articles}, drafts ${counts.drafts}, comments ${counts.comments}, images ${counts.images}, redirects ${counts.redirects}, subscribers ${counts.subscribers}, skipped ${counts.skipped}`,
  ];
  if (job.problems.length > 0) lines.push(`  ${job.problems.length} problem${job.problems.length === 1 ? '' : 's'}:`, ...job.problems.map((p) => `  - ${p.item}: ${p.reason}`));
  return lines.join('\n');
}
