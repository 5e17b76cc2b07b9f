import { forwardRef } from 'react';
import type { ImportCounts, ImportProblem } from '@contract/imports';
import { COUNT_LABELS } from '../api/imports';

/** The counts and problems of a preview or a finished import; it takes the focus when it appears. */
export const ImportReport = forwardRef<HTMLElement, { title: string; counts: ImportCounts; problems: ImportProblem[]; children?: React.ReactNode }>(
  function ImportReport({ title, counts, problems, children }, ref) {
    return (
      <section ref={ref} tabIndex={-1} aria-label={title} className="grid min-w-0 gap-3 rounded-md border p-4 outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <h2 className="text-lg font-semibold">{title}</h2>
        {children}
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-4">
          {COUNT_LABELS.map(([key, label]) => (
            <div key={key} className="flex justify-between gap-2 border-b py-1">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium tabular-nums">{counts[key]}</dd>
            </div>
          ))}
        </dl>
        {problems.length === 0 ? (
          <p className="text-muted-foreground">No problems found.</p>
        ) : (
          <div>
            <h3 className="font-medium">Problems</h3>
            <ul className="mt-1 list-disc pl-5" aria-label="Problems">
              {problems.map((problem, index) => (
                <li key={index} className="[overflow-wrap:anywhere]">
                  <span className="font-medium">{problem.item}</span>: {problem.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    );
  },
);
