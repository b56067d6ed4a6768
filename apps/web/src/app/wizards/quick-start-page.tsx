import { useState } from 'preact/hooks';
import { useConnection } from '../services-context';
import { FermentForm } from './ferment-form';
import { runWizard } from './run-wizard';
import { TempControlForm } from './temp-control-form';
import { useHardware } from './use-hardware';
import { ChoiceField } from './wizard-fields';
import type { WizardPlan } from './wizard-plan';
import { WizardReport, type WizardRun } from './wizard-report';
import { wizardWriter } from './wizard-writer';
import './wizards.css';

const WIZARDS = [
  { value: 'ferment', label: 'Fermentation fridge', Form: FermentForm },
  { value: 'single', label: 'Single temperature control', Form: TempControlForm },
] as const;

type WizardName = (typeof WIZARDS)[number]['value'];

/**
 * The quick start of one controller: a wizard asks what a brewer knows (a name, which sensor is
 * where, which pins drive what, the temperature), offering the controller's free sensors and pins,
 * then makes the blocks, the quick actions and a dashboard in one go, all or nothing.
 */
export function QuickStartPage({ serviceId }: { serviceId: string }) {
  const { services } = useConnection();
  const { read, reread } = useHardware(serviceId);
  const [wizard, setWizard] = useState<WizardName>('ferment');
  const [run, setRun] = useState<WizardRun>();
  const running = run?.state === 'running';
  const start = (plan: WizardPlan) => {
    setRun({ state: 'running', step: '' });
    void runWizard(plan, wizardWriter(services, serviceId), (step) => setRun({ state: 'running', step })).then(
      (outcome) => {
        setRun({ ...outcome, plan });
        if (outcome.state === 'done') reread();
      },
    );
  };
  const { Form } = WIZARDS.find(({ value }) => value === wizard) ?? WIZARDS[0];

  return (
    <div class="quick-start">
      <h1>Quick start on {serviceId}</h1>
      <p class="hint">
        A wizard makes the blocks of a whole setup, linked in the right order, with quick actions and a dashboard to
        watch it. Nothing is written while a name is taken on the controller.
      </p>
      <div class="panel toolbar">
        <p class={read.state === 'failed' ? 'problem' : 'hint'} role="status">
          {read.state === 'reading'
            ? `Reading the sensors and pins of ${serviceId}…`
            : read.state === 'failed'
              ? `Could not read ${serviceId}: ${read.message}`
              : `Free on ${serviceId}: ${count(read.hardware.sensors.length, 'temperature sensor')}, ${count(read.hardware.channels.length, 'pin')}.`}
        </p>
        <button type="button" onClick={reread}>
          Read again
        </button>
      </div>
      <ChoiceField name="wizard" legend="What to set up" options={WIZARDS} value={wizard} onChange={setWizard} />
      {read.state === 'read' && (
        <Form key={wizard} serviceId={serviceId} hardware={read.hardware} busy={running} onPlan={start} />
      )}
      {run && <WizardReport serviceId={serviceId} run={run} />}
    </div>
  );
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
