import { fermentDefaults, fermentPlan, fermentProblems } from './ferment-plan';
import { ChannelField, ChoiceField, NameField, SensorField, SetpointField } from './wizard-fields';
import { useWizardAnswers, WizardForm, type WizardFormProps } from './wizard-form';

const RULES = { defaults: fermentDefaults, problems: fermentProblems, plan: fermentPlan };

const MODES = [
  { value: 'beer', label: "Beer mode: keep the beer at this temperature, moving the fridge's setpoint" },
  { value: 'fridge', label: "Fridge mode: keep the fridge's air at this temperature" },
] as const;

/** The fermentation fridge wizard's questions, starting from the controller's free sensors and pins. */
export function FermentForm(props: WizardFormProps) {
  const { hardware } = props;
  const { answers, set, problems, submit } = useWizardAnswers(RULES, props);
  return (
    <WizardForm
      title="Fermentation fridge"
      description="A fridge with a heater and a cooler that keeps the beer, or the fridge's air, at a temperature."
      action="Create fermentation fridge"
      problems={problems}
      busy={props.busy}
      onSubmit={submit}
    >
      <NameField
        id="ferment-name"
        value={answers.prefix}
        example="beer setpoint"
        onChange={(prefix) => set({ prefix })}
      />
      <SensorField
        id="ferment-fridge-sensor"
        label="Sensor in the fridge's air"
        help="Hangs free in the fridge, away from the walls."
        sensors={hardware.sensors}
        value={answers.fridgeSensor}
        onChange={(fridgeSensor) => set({ fridgeSensor })}
      />
      <SensorField
        id="ferment-beer-sensor"
        label="Sensor in the beer"
        help="In the fermenter's thermowell, or taped to its side under insulation."
        sensors={hardware.sensors}
        value={answers.beerSensor}
        onChange={(beerSensor) => set({ beerSensor })}
      />
      <ChannelField
        id="ferment-heater"
        label="Heater pin"
        channels={hardware.channels}
        value={answers.heater}
        onChange={(heater) => set({ heater })}
      />
      <ChannelField
        id="ferment-cooler"
        label="Cooler pin"
        channels={hardware.channels}
        value={answers.cooler}
        onChange={(cooler) => set({ cooler })}
      />
      <SetpointField
        id="ferment-setpoint"
        unit={hardware.unit}
        value={answers.setpoint}
        onChange={(setpoint) => set({ setpoint })}
      />
      <ChoiceField
        name="ferment-mode"
        legend="Start in"
        options={MODES}
        value={answers.mode}
        onChange={(mode) => set({ mode })}
      />
    </WizardForm>
  );
}
