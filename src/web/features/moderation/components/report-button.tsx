import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { FlagIcon } from 'lucide-react';
import type { ReportTarget } from '@contract/moderation-rules';
import { OnDemand } from '@/components/on-demand';
import { Button } from '@/components/ui/button';
import { lazyWithRetry } from '@/lib/chunk-retry';
import { useSignInPath } from '@/lib/sign-in-path';
import { cn } from '@/lib/utils';

const loadReportDialog = () => import('./report-dialog');
const ReportDialog = lazyWithRetry(loadReportDialog);

/**
 * Report, beside a comment, an article or a profile. Signed out it leads to sign-in and back here,
 * as other guarded actions do; signed in it opens the report dialog, whose code loads on first use.
 * Once the reader's report is sent (or the server says they have one open), it reads 'Reported':
 * a second report would only be refused after the form is filled.
 */
export function ReportButton({
  targetType,
  targetId,
  signedIn,
  className,
  label = 'Report',
  reported = false,
}: {
  targetType: ReportTarget;
  targetId: number;
  signedIn: boolean;
  className?: string;
  label?: string;
  /** The reader has an open report on it (the server's word, e.g. a comment's reportedByViewer). */
  reported?: boolean;
}) {
  const signInPath = useSignInPath();
  const classes = cn('text-muted-foreground', className);
  const [sent, setSent] = useState(false);
  // The focus was on Report, which gives way: it moves to what replaced it.
  const focusReported = useCallback((element: HTMLSpanElement | null) => element?.focus({ preventScroll: true }), []);
  if (signedIn && (reported || sent)) {
    return (
      <span
        ref={sent ? focusReported : undefined}
        tabIndex={sent ? -1 : undefined}
        className={cn('inline-flex h-8 items-center gap-1.5 px-2.5 text-sm font-medium outline-none [&_svg]:size-4', classes)}
      >
        <FlagIcon aria-hidden="true" className="fill-current" />
        Reported
      </span>
    );
  }
  if (!signedIn) {
    return (
      <Button asChild variant="ghost" size="sm" className={classes}>
        <Link to={signInPath}>
          <FlagIcon aria-hidden="true" />
          {label}
        </Link>
      </Button>
    );
  }
  const trigger = (
    <Button variant="ghost" size="sm" className={classes} aria-haspopup="dialog">
      <FlagIcon aria-hidden="true" />
      {label}
    </Button>
  );
  return (
    <OnDemand
      preload={loadReportDialog}
      trigger={trigger}
      render={(button) => <ReportDialog targetType={targetType} targetId={targetId} trigger={button} defaultOpen onSent={() => setSent(true)} />}
    />
  );
}
