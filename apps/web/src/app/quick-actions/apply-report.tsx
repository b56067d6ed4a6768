import { reportLine } from './apply-plan';
import type { ApplyOutcome } from './use-apply-action';

/** How the last apply of a quick action went, in words: refused with why, sending, or each controller's report. */
export function ApplyReport({ outcome }: { outcome?: ApplyOutcome }) {
  if (!outcome) return <div role="status" />;
  if (outcome.state === 'sending') return <p role="status">Applying…</p>;
  if (outcome.state === 'refused') {
    return (
      <div role="status" class="problem">
        <p>Nothing was applied:</p>
        <ul>
          {outcome.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </div>
    );
  }
  const failed = outcome.reports.some((report) => report.failed.length > 0);
  const applied = outcome.reports.some((report) => report.applied.length > 0);
  return (
    <div role="status" class={failed ? 'problem' : 'hint'}>
      <ul class="apply-report">
        {outcome.reports.map((report) => (
          <li key={report.serviceId}>{reportLine(report)}</li>
        ))}
      </ul>
      {failed && applied && (
        <p>
          The other patches were applied and stay applied: each block&apos;s patch is taken on its own, and the
          controllers have no transaction across controllers to undo them.
        </p>
      )}
    </div>
  );
}
