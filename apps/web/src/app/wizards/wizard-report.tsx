import { useEffect, useRef } from 'preact/hooks';
import type { WizardOutcome } from './run-wizard';
import type { WizardPlan } from './wizard-plan';

/** A run of a plan: going, at the step named, or ended. */
export type WizardRun = { state: 'running'; step: string } | (WizardOutcome & { plan: WizardPlan });

/**
 * What the last run made or why it made nothing, with the new dashboard's link; the keyboard focus
 * moves to it when the run ends, so that the report is what a screen reader reads next.
 */
export function WizardReport({ serviceId, run }: { serviceId: string; run: WizardRun }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (run.state !== 'running') heading.current?.focus();
  }, [run.state]);
  if (run.state === 'running')
    return (
      <p class="hint" role="status">
        Creating {run.step}…
      </p>
    );
  const title = (
    <h2 ref={heading} tabIndex={-1}>
      Nothing was made
    </h2>
  );
  if (run.state === 'clash')
    return (
      <section class="panel wizard-report" role="alert">
        {title}
        <p class="problem">
          Nothing was created: {serviceId} already has blocks named {run.ids.join(', ')}. Choose another name.
        </p>
      </section>
    );
  if (run.state === 'failed')
    return (
      <section class="panel wizard-report" role="alert">
        {title}
        <p class="problem">Nothing was kept: {run.reason}.</p>
        {run.removed.length > 0 && <p>Removed again: {run.removed.join(', ')}.</p>}
        {run.leftOver.length > 0 && (
          <p class="problem">
            Could not remove {run.leftOver.join(', ')}: delete them on the blocks page or the Datastore page.
          </p>
        )}
      </section>
    );
  const { blocks, actions, dashboard } = run.plan;
  return (
    <section class="panel wizard-report" aria-labelledby="wizard-report-heading">
      <h2 id="wizard-report-heading" ref={heading} tabIndex={-1}>
        Made on {serviceId}
      </h2>
      <p>
        <a href={`/dashboards/${encodeURIComponent(dashboard.id)}`}>Open the dashboard {dashboard.title}</a>
      </p>
      <h3>Blocks</h3>
      <ul aria-label="Blocks made">
        {blocks.map(({ id }) => (
          <li key={id}>{id}</li>
        ))}
      </ul>
      <h3>Quick actions</h3>
      <ul aria-label="Quick actions made">
        {actions.map(({ id, name }) => (
          <li key={id}>{name}</li>
        ))}
      </ul>
      <p>
        <a href={`/controllers/${encodeURIComponent(serviceId)}`}>Blocks of {serviceId}</a>
      </p>
    </section>
  );
}
