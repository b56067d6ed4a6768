import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { TemperatureUnit } from '@eventcast/block-model';
import type { ControllerHardware } from './controller-hardware';
import { Problems } from './wizard-fields';
import type { WizardPlan } from './wizard-plan';

/** What a wizard's form gets from the page. */
export interface WizardFormProps {
  serviceId: string;
  hardware: ControllerHardware;
  /** True while a plan runs: the form sends no other. */
  busy: boolean;
  onPlan: (plan: WizardPlan) => void;
}

/** How a wizard turns its answers into a plan: its defaults, its problems, its plan once there are none. */
export interface WizardRules<A> {
  defaults: (hardware: ControllerHardware) => A;
  problems: (answers: A) => string[];
  plan: (serviceId: string, answers: Required<A>, unit: TemperatureUnit, now: number) => WizardPlan;
}

/**
 * A wizard's answers, started from its defaults for the controller's hardware, and the submit that
 * checks them and hands their plan to the page, or shows what is wrong.
 */
export function useWizardAnswers<A>(rules: WizardRules<A>, { serviceId, hardware, busy, onPlan }: WizardFormProps) {
  const [answers, setAnswers] = useState<A>(() => rules.defaults(hardware));
  const [problems, setProblems] = useState<string[]>([]);
  const set = (change: Partial<A>) => setAnswers((known) => ({ ...known, ...change }));
  const submit = (event: Event) => {
    event.preventDefault();
    if (busy) return;
    const found = rules.problems(answers);
    setProblems(found);
    if (found.length === 0) onPlan(rules.plan(serviceId, answers as Required<A>, hardware.unit, Date.now()));
  };
  return { answers, set, problems, submit };
}

/** A wizard's form: its title and what it sets up, its fields, what is wrong with them and its button. */
export function WizardForm(props: {
  title: string;
  description: string;
  action: string;
  problems: readonly string[];
  busy: boolean;
  onSubmit: (event: Event) => void;
  children: ComponentChildren;
}) {
  return (
    <form class="panel wizard-form" aria-label={props.title} onSubmit={props.onSubmit} noValidate>
      <h2>{props.title}</h2>
      <p class="hint">{props.description}</p>
      {props.children}
      <Problems problems={props.problems} />
      <div class="form-actions">
        {/* aria-disabled, not disabled: a disabled button loses the keyboard focus while the plan runs. */}
        <button type="submit" aria-disabled={props.busy}>
          {props.action}
        </button>
      </div>
    </form>
  );
}
