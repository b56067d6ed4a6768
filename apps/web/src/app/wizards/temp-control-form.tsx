import { tempControlDefaults, tempControlPlan, tempControlProblems } from './temp-control-plan';
import { ChannelField, ChoiceField, NameField, SensorField, SetpointField } from './wizard-fields';
import { useWizardAnswers, WizardForm, type WizardFormProps } from './wizard-form';

const RULES = { defaults: tempControlDefaults, problems: tempControlProblems, plan: tempControlPlan };

const DRIVES = [
  { value: 'heater', label: 'A heater' },
  { value: 'cooler', label: 'A cooler' },
] as const;

/** The single temperature control wizard's questions: one sensor, one heater or cooler. */
export function TempControlForm(props: WizardFormProps) {
  const { hardware } = props;
  const { answers, set, problems, submit } = useWizardAnswers(RULES, props);
  return (
    <WizardForm
      title="Single temperature control"
      description="One sensor and a heater or a cooler that keep a kettle, a cellar or a fermenter at a temperature."
      action="Create temperature control"
      problems={problems}
      busy={props.busy}
      onSubmit={submit}
    >
      <NameField id="single-name" value={answers.prefix} example="setpoint" onChange={(prefix) => set({ prefix })} />
      <SensorField
        id="single-sensor"
        label="Sensor"
        help="Where the temperature to keep is read."
        sensors={hardware.sensors}
        value={answers.sensor}
        onChange={(sensor) => set({ sensor })}
      />
      <ChoiceField
        name="single-drives"
        legend="The pin drives"
        options={DRIVES}
        value={answers.drives}
        onChange={(drives) => set({ drives })}
      />
      <ChannelField
        id="single-channel"
        label="Pin"
        channels={hardware.channels}
        value={answers.channel}
        onChange={(channel) => set({ channel })}
      />
      <SetpointField
        id="single-setpoint"
        unit={hardware.unit}
        value={answers.setpoint}
        onChange={(setpoint) => set({ setpoint })}
      />
    </WizardForm>
  );
}
