import type { ComponentChildren } from 'preact';
import type { TemperatureUnit } from '@eventcast/block-model';
import { unitLabel } from '../../ui/unit-label';
import { channelKey, channelLabel, type FreeSensor, type IoChannel } from './controller-hardware';

/** A labelled field of a wizard's form, with its help below it. */
function Field({
  id,
  label,
  help,
  children,
}: {
  id: string;
  label: string;
  help?: string;
  children: ComponentChildren;
}) {
  return (
    <div class="form-field">
      <label for={id}>{label}</label>
      {children}
      {help && (
        <p id={`${id}-help`} class="hint">
          {help}
        </p>
      )}
    </div>
  );
}

/** The setup's name, which starts every block's name. */
export function NameField({
  id,
  value,
  example,
  onChange,
}: {
  id: string;
  value: string;
  example: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label="Name" help={`Every block's name starts with it: ${value.trim() || '…'} ${example}.`}>
      <input
        id={id}
        type="text"
        value={value}
        aria-describedby={`${id}-help`}
        onInput={(event) => onChange(event.currentTarget.value)}
      />
    </Field>
  );
}

/** A select of the controller's free temperature sensors, with their readings. */
export function SensorField(props: {
  id: string;
  label: string;
  help: string;
  sensors: readonly FreeSensor[];
  value: string;
  onChange: (id: string) => void;
}) {
  const { id, sensors, value, onChange } = props;
  return (
    <Field id={id} label={props.label} help={props.help}>
      <select
        id={id}
        value={value}
        aria-describedby={`${id}-help`}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {!sensors.some((sensor) => sensor.id === value) && <option value="">Choose a sensor</option>}
        {sensors.map((sensor) => (
          <option key={sensor.id} value={sensor.id}>
            {sensor.reading ? `${sensor.id} · ${sensor.reading}` : sensor.id}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A select of the controller's free IO channels. */
export function ChannelField(props: {
  id: string;
  label: string;
  channels: readonly IoChannel[];
  value: IoChannel | undefined;
  onChange: (channel: IoChannel) => void;
}) {
  const { id, channels, value, onChange } = props;
  const pick = (key: string) => {
    const channel = channels.find((option) => channelKey(option) === key);
    if (channel) onChange(channel);
  };
  return (
    <Field id={id} label={props.label}>
      <select id={id} value={value ? channelKey(value) : ''} onChange={(event) => pick(event.currentTarget.value)}>
        {value === undefined && <option value="">Choose a pin</option>}
        {channels.map((channel) => (
          <option key={channelKey(channel)} value={channelKey(channel)}>
            {channelLabel(channel)}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The temperature to keep, in the controller's unit. */
export function SetpointField({
  id,
  unit,
  value,
  onChange,
}: {
  id: string;
  unit: TemperatureUnit;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <Field id={id} label={`Temperature to keep (${unitLabel(unit)})`}>
      <input
        id={id}
        type="number"
        step="0.1"
        value={Number.isFinite(value) ? value : ''}
        onInput={(event) => onChange(event.currentTarget.value === '' ? NaN : Number(event.currentTarget.value))}
      />
    </Field>
  );
}

/** A choice of a few options as radio buttons under a legend. */
export function ChoiceField<T extends string>(props: {
  name: string;
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset class="form-group">
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <label key={option.value} class="choice">
          <input
            type="radio"
            name={props.name}
            value={option.value}
            checked={props.value === option.value}
            onChange={() => props.onChange(option.value)}
          />{' '}
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The problems of a form's answers, read out when they change. */
export function Problems({ problems }: { problems: readonly string[] }) {
  return (
    <div role="alert">
      {problems.map((problem) => (
        <p key={problem} class="problem">
          {problem}
        </p>
      ))}
    </div>
  );
}
