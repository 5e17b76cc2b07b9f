import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CHANNEL_MESSAGES } from '@contract/channel-rules';
import type { ImportPreview } from '@contract/imports';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { FORMAT_NAMES, postImport, useImportJob, usePastImports, type ImportChoice } from '../api/imports';
import { ImportReport } from './import-report';
import { PastImports } from './past-imports';

const FORMAT_OPTIONS: [string, string][] = [['', 'Detect automatically'], ...Object.entries(FORMAT_NAMES)];

/**
 * Import into a channel: choose the export file, preview what it holds (a dry run), start it, watch
 * its progress and read its report. `refused` is the status the page's loader met (403 or 404).
 */
export function ChannelImport({ channelId, refused }: { channelId: number | null; refused: number | null }) {
  if (channelId === null || refused === 404) return <Shell channelId={channelId}><p role="status">{CHANNEL_MESSAGES.notFound}</p></Shell>;
  if (refused === 403) return <Shell channelId={channelId}><p role="status">{CHANNEL_MESSAGES.noPermission}</p></Shell>;
  return (
    <Shell channelId={channelId}>
      <ImportForm channelId={channelId} />
    </Shell>
  );
}

function Shell({ channelId, children }: { channelId: number | null; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      {channelId !== null && (
        <Link to={paths.channel(channelId)} className="text-sm text-muted-foreground underline-offset-4 hover:underline">
          Back to the channel
        </Link>
      )}
      <Card className="mt-4">
        <CardHeader>
          <h1 className="font-serif text-3xl font-bold tracking-tight">Import</h1>
          <CardDescription>Bring articles, comments, images and subscribers from Ghost, WordPress, Substack, Medium or another Broadsheet.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">{children}</CardContent>
      </Card>
    </div>
  );
}

function ImportForm({ channelId }: { channelId: number }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState('');
  const [authors, setAuthors] = useState<ImportChoice['authors']>('accounts');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useImportJob(jobId);
  const past = usePastImports(channelId);
  const alertRef = useRef<HTMLDivElement>(null);
  const previewRef = useRef<HTMLElement>(null);
  const reportRef = useRef<HTMLElement>(null);
  const finished = job.data && (job.data.status === 'done' || job.data.status === 'failed') ? job.data : null;

  useEffect(() => { if (error) alertRef.current?.focus(); }, [error]);
  useEffect(() => { if (preview) previewRef.current?.focus(); }, [preview]);
  useEffect(() => {
    if (!finished) return;
    reportRef.current?.focus();
    void past.refetch();
    // Only when a job finishes; refetch is stable enough not to matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished?.id, finished?.status]);

  async function send(dryRun: boolean) {
    if (!file) {
      setError('Choose the export file to import.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await postImport(channelId, { file, format, authors }, dryRun);
      if ('id' in answer) {
        setPreview(null);
        setJobId(answer.id);
      } else setPreview(answer);
    } catch (caught) {
      setError(errorMessage(caught, 'The import could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const running = jobId !== null && !finished;
  return (
    <>
      <form className="grid gap-4" onSubmit={(event) => { event.preventDefault(); void send(true); }}>
        <div className="grid gap-1">
          <label htmlFor={`${id}-file`} className="font-medium">Export file</label>
          <input id={`${id}-file`} type="file" className="text-sm file:mr-3 file:rounded-md file:border file:bg-muted file:px-3 file:py-1.5"
            onChange={(event) => { setFile(event.target.files?.[0] ?? null); setPreview(null); setJobId(null); }} />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-format`} className="font-medium">Format</label>
          <select id={`${id}-format`} value={format} onChange={(event) => { setFormat(event.target.value); setPreview(null); }}
            className="h-9 w-full max-w-xs rounded-md border bg-background px-3 text-sm">
            {FORMAT_OPTIONS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </div>
        <fieldset className="grid gap-1">
          <legend className="font-medium">Authors</legend>
          <label className="flex items-start gap-2">
            <input type="radio" name={`${id}-authors`} value="accounts" checked={authors === 'accounts'} onChange={() => setAuthors('accounts')}
              className="mt-1 size-4 shrink-0 accent-primary" />
            Match each author to an account, making one where needed
          </label>
          <label className="flex items-start gap-2">
            <input type="radio" name={`${id}-authors`} value="me" checked={authors === 'me'} onChange={() => setAuthors('me')}
              className="mt-1 size-4 shrink-0 accent-primary" />
            Make me the author of everything
          </label>
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="outline" disabled={busy || running}>Preview</Button>
          <Button type="button" disabled={busy || running || !preview || preview.problems.length > 0 && preview.total === 0} onClick={() => void send(false)}>
            Start import
          </Button>
        </div>
      </form>
      {error && (
        <div ref={alertRef} tabIndex={-1} role="alert" className="rounded-md border border-destructive p-3 text-destructive outline-none">
          {error}
        </div>
      )}
      {preview && !jobId && (
        <ImportReport ref={previewRef} title="Preview" counts={preview.counts} problems={preview.problems}>
          <p>Detected format: <strong>{FORMAT_NAMES[preview.format]}</strong>. Nothing has been imported yet.</p>
        </ImportReport>
      )}
      {running && <Progress done={job.data?.done ?? 0} total={job.data?.total ?? 0} />}
      {finished && (
        <ImportReport ref={reportRef} title={finished.status === 'done' ? 'Import finished' : 'Import failed'} counts={finished.counts} problems={finished.problems}>
          {finished.status === 'failed' && <p role="alert" className="text-destructive">Nothing was imported. See the first problem below.</p>}
        </ImportReport>
      )}
      <PastImports query={past} />
    </>
  );
}

function Progress({ done, total }: { done: number; total: number }) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="grid gap-1">
      <p id="import-progress-label">Importing… {done} of {total}</p>
      <div role="progressbar" aria-labelledby="import-progress-label" aria-valuemin={0} aria-valuemax={total} aria-valuenow={done}
        className="h-3 overflow-hidden rounded-full bg-muted">
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
