import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarClockIcon, CalendarXIcon, MessageSquareWarningIcon, SendIcon } from 'lucide-react';
import '@/lib/zod-jitless';
import { z } from 'zod';
import type { ArticleStatus, ChannelRole } from '@contract/staff-rules';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { usePagePreferences } from '@/lib/page-preferences';
import { useFormatArticleDate } from '@/lib/format-date';
import { scheduleBounds, utcIsoToWallTime, wallTimeToUtcIso } from '../lib/publish-at';
import { workflowActions } from '../lib/workflow';
import { StatusBadge } from '@/components/status-badge';

export const WORKFLOW_TEXT = {
  submit: 'Submit for review',
  schedule: 'Schedule',
  reschedule: 'Reschedule',
  unschedule: 'Unschedule',
  timeLabel: 'Publish at',
  chooseTime: 'Choose a date and time',
  inReview: 'Submitted for review: an editor or the channel\u2019s owner will publish it or ask for changes.',
  writerDrafts: 'As a writer you save drafts; submit it when it is ready for an editor.',
  changesRequested: 'Changes requested',
} as const;

export interface WorkflowPanelProps {
  role: ChannelRole | null;
  status: ArticleStatus;
  publishAt: string | null;
  reviewNote: string | null;
  isAuthor: boolean;
  /** A save or workflow call is on its way: the buttons wait. */
  busy: boolean;
  onSubmitForReview: () => void;
  /** The chosen instant, UTC ISO. */
  onSchedule: (publishAt: string) => void;
  onUnschedule: () => void;
  /** The API's refusal of the time (past, more than a year ahead), shown beside the field. */
  scheduleError: string | null;
}

/**
 * The editor's status panel (docs/product.md#newsroom): the article's status, the note an editor sent
 * back to its author, and the workflow's actions for the viewer's role in the channel: writers
 * submit for review; owners and editors schedule, reschedule and unschedule, in the reader's zone.
 */
export function WorkflowPanel(props: WorkflowPanelProps) {
  const { role, status, publishAt, reviewNote, isAuthor, busy } = props;
  const actions = workflowActions({ role, status, isAuthor, reviewNote });
  const formatDate = useFormatArticleDate();
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-md border bg-card p-4 text-card-foreground">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 id={headingId} className="text-sm font-semibold">
          Status
        </h2>
        <StatusBadge status={status} />
        {status === 'scheduled' && publishAt && (
          <p className="text-sm text-muted-foreground">
            Goes out <time dateTime={publishAt}>{formatDate(publishAt, { withTime: true })}</time>
          </p>
        )}
      </div>

      {actions.reviewNote && reviewNote && (
        <div role="note" className="flex gap-3 rounded-md border border-amber-600/40 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-400/40 dark:bg-amber-950 dark:text-amber-50">
          <MessageSquareWarningIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p className="break-words whitespace-pre-line">
            <span className="font-semibold">{WORKFLOW_TEXT.changesRequested}:</span> {reviewNote}
          </p>
        </div>
      )}

      {role === 'writer' && status === 'in_review' && <p className="text-sm text-muted-foreground">{WORKFLOW_TEXT.inReview}</p>}

      {actions.submitForReview && (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" onClick={props.onSubmitForReview} disabled={busy}>
            <SendIcon aria-hidden="true" />
            {WORKFLOW_TEXT.submit}
          </Button>
          <p className="text-sm text-muted-foreground">{WORKFLOW_TEXT.writerDrafts}</p>
        </div>
      )}

      {actions.schedule && <ScheduleField {...props} scheduled={status === 'scheduled'} unschedule={actions.unschedule} />}
    </section>
  );
}

/**
 * The Schedule field's value: a wall-clock time that means an instant in the reader's zone. It
 * parses to that instant (UTC ISO); the API then says whether the instant is in its range.
 */
export function scheduleFormSchema(timeZone: string) {
  return z.object({
    when: z.string().transform((value, context) => {
      const instant = wallTimeToUtcIso(value, timeZone);
      if (instant !== null) return instant;
      context.addIssue({ code: 'custom', message: WORKFLOW_TEXT.chooseTime });
      return z.NEVER;
    }),
  });
}
type ScheduleFormSchema = ReturnType<typeof scheduleFormSchema>;

function ScheduleField({
  publishAt,
  busy,
  onSchedule,
  onUnschedule,
  scheduleError,
  scheduled,
  unschedule,
}: WorkflowPanelProps & { scheduled: boolean; unschedule: boolean }) {
  const { timeZone, renderedAt } = usePagePreferences();
  const schema = useMemo(() => scheduleFormSchema(timeZone), [timeZone]);
  // Untouched, the field shows the scheduled time in the page's zone (which becomes the browser's
  // right after hydration); once typed into, it keeps what the reader typed.
  const form = useForm<z.input<ScheduleFormSchema>, unknown, z.output<ScheduleFormSchema>>({
    resolver: zodResolver(schema),
    values: { when: utcIsoToWallTime(publishAt, timeZone) },
    resetOptions: { keepDirtyValues: true },
    // The focus stays on Schedule; the message under the field is announced.
    shouldFocusError: false,
  });
  const ids = { field: useId(), hint: useId(), error: useId() };
  const error = form.formState.errors.when?.message ?? scheduleError;
  // Bounds from the render's time, so the server and the hydrating browser write the same attributes.
  const bounds = renderedAt ? scheduleBounds(renderedAt, timeZone) : null;

  // Not a <form>: the field sits inside the article's form, whose submit saves the article.
  const schedule = form.handleSubmit(({ when }) => onSchedule(when));

  return (
    <div className="space-y-2">
      <Label htmlFor={ids.field}>{WORKFLOW_TEXT.timeLabel}</Label>
      <div className="flex flex-wrap items-start gap-3">
        <Controller
          control={form.control}
          name="when"
          render={({ field }) => (
            <Input
              {...field}
              id={ids.field}
              type="datetime-local"
              min={bounds?.min}
              max={bounds?.max}
              onChange={(event) => {
                field.onChange(event);
                form.clearErrors('when');
              }}
              onKeyDown={(event) => {
                // Enter schedules instead of saving the whole form.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void schedule();
                }
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={[ids.hint, error ? ids.error : ''].filter(Boolean).join(' ')}
              className="w-auto min-w-56"
            />
          )}
        />
        <Button type="button" variant="outline" onClick={() => void schedule()} disabled={busy}>
          <CalendarClockIcon aria-hidden="true" />
          {scheduled ? WORKFLOW_TEXT.reschedule : WORKFLOW_TEXT.schedule}
        </Button>
        {unschedule && (
          <Button type="button" variant="outline" onClick={onUnschedule} disabled={busy}>
            <CalendarXIcon aria-hidden="true" />
            {WORKFLOW_TEXT.unschedule}
          </Button>
        )}
      </div>
      <p id={ids.hint} className="text-xs text-muted-foreground">
        Your time zone: {timeZone.replaceAll('_', ' ')}. It goes out on its own at that time; until then only the channel&rsquo;s staff see it.
      </p>
      {error && (
        <p id={ids.error} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
