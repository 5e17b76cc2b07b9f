import type { ReactNode } from 'react';

/** One line of a log (the channel's, the moderators'): when, in the reader's words, what was done, and any detail under it. */
export function LogLine({ at, time, detail, children }: { at: string; time: string; detail?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 border-b pb-3 text-sm sm:flex-row sm:gap-4">
      <time dateTime={at} className="shrink-0 text-muted-foreground sm:w-44">
        {time}
      </time>
      <div className="min-w-0">
        <p className="break-words">{children}</p>
        {detail && <p className="mt-0.5 break-words text-muted-foreground">{detail}</p>}
      </div>
    </div>
  );
}
