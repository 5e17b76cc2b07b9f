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
 */
export function ReportButton({
  targetType,
  targetId,
  signedIn,
  className,
  label = 'Report',
}: {
  targetType: ReportTarget;
  targetId: number;
  signedIn: boolean;
  className?: string;
  label?: string;
}) {
  const signInPath = useSignInPath();
  const classes = cn('text-muted-foreground', className);
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
      render={(button) => <ReportDialog targetType={targetType} targetId={targetId} trigger={button} defaultOpen />}
    />
  );
}
