import { link, quantity, type TemperatureUnit } from '@eventcast/block-model';
import { BLOCK_ID_MAX_LENGTH, BLOCK_ID_RULE, isValidBlockId } from '@eventcast/domain';
import { dashboardId, DASHBOARDS_NAMESPACE, GRID_COLUMNS, type Dashboard, type Widget } from '../../common/dashboards';
import { QUICK_ACTIONS_NAMESPACE, quickActionId, type BlockPatch, type QuickAction } from '../../common/quick-action';
import { unitLabel } from '../../ui/unit-label';
import type { IoChannel } from './controller-hardware';
import type { NewBlock } from './wizard-plan';

/** A PID's tuning: `kp` in output per °C of error (negative for a cooler), the integral and derivative times in seconds. */
export interface PidGains {
  kp: number;
  tiS: number;
  tdS: number;
}

/** A heater's and a cooler's PID on the air of a fridge or a vessel, after BrewBlox's Ferment wizard. */
export const HEATER_GAINS: PidGains = { kp: 20, tiS: 2 * 3600, tdS: 10 * 60 };
export const COOLER_GAINS: PidGains = { kp: -20, tiS: 2 * 3600, tdS: 10 * 60 };

/** The longest suffix a wizard puts after the prefix (` fridge setpoint`), so that every name stays valid. */
const LONGEST_SUFFIX = 20;

/** What is wrong with a name prefix, or `''`: every block is named `<prefix> <part>`. */
export function prefixProblem(prefix: string): string {
  if (prefix.trim() === '') return 'Give the setup a name.';
  if (!isValidBlockId(prefix)) return `The name ${BLOCK_ID_RULE}.`;
  if (prefix.length > BLOCK_ID_MAX_LENGTH - LONGEST_SUFFIX)
    return `The name must be at most ${BLOCK_ID_MAX_LENGTH - LONGEST_SUFFIX} characters.`;
  return '';
}

/** A temperature in the user's unit from one in °C, rounded to a tenth. */
export function fromCelsius(degC: number, unit: TemperatureUnit): number {
  return unit === 'degF' ? Math.round((degC * 1.8 + 32) * 10) / 10 : degC;
}

/** A temperature as a name says it: `20 °C`, `35.6 °F`. */
export function temperatureWords(value: number, unit: TemperatureUnit): string {
  return `${Number(value.toFixed(1))} ${unitLabel(unit)}`;
}

/** A setpoint pair on `sensorId`, enabled at `setting` in the user's unit. */
export function setpointPair(id: string, sensorId: string, setting: number, unit: TemperatureUnit): NewBlock {
  return {
    id,
    type: 'SetpointSensorPair',
    data: { enabled: true, sensorId: link('TempSensorInterface', sensorId), storedSetting: quantity(unit, setting) },
  };
}

/** A digital actuator on `channel`, off, kept on and off at least the given seconds (a compressor's protection). */
export function digitalActuator(id: string, { ioBlock, channel }: IoChannel, minOnS = 0, minOffS = 0): NewBlock {
  return {
    id,
    type: 'DigitalActuator',
    data: {
      hwDevice: link('IoArrayInterface', ioBlock),
      channel,
      storedState: 'STATE_INACTIVE',
      minOnTime: quantity('second', minOnS),
      minOffTime: quantity('second', minOffS),
    },
  };
}

/** An enabled PWM that switches `actuatorId` over `periodS` seconds. */
export function pwm(id: string, actuatorId: string, periodS: number): NewBlock {
  return {
    id,
    type: 'ActuatorPwm',
    data: {
      enabled: true,
      actuatorId: link('ActuatorDigitalInterface', actuatorId),
      period: quantity('second', periodS),
    },
  };
}

/** A PID from the setpoint pair `inputId` to the analog actuator `outputId`. */
export function pid(id: string, inputId: string, outputId: string, gains: PidGains, enabled: boolean): NewBlock {
  return {
    id,
    type: 'Pid',
    data: {
      enabled,
      inputId: link('SetpointSensorPairInterface', inputId),
      outputId: link('ActuatorAnalogInterface', outputId),
      kp: quantity('1 / degC', gains.kp),
      ti: quantity('second', gains.tiS),
      td: quantity('second', gains.tdS),
    },
  };
}

/** The patch of a quick action that sets `data` on `block`. */
export function patchOf(serviceId: string, block: NewBlock, data: Record<string, unknown>): BlockPatch {
  return { serviceId, id: block.id, type: block.type, data };
}

/** A quick action called `name`, its id made at `now`. */
export function quickAction(name: string, patches: BlockPatch[], now: number): QuickAction {
  return { namespace: QUICK_ACTIONS_NAMESPACE, id: quickActionId(name, now), name, patches };
}

/** A field of a block on the chain's graph: its logged name (`value[degC]`) and the label the graph gives it. */
export interface GraphField {
  blockId: string;
  field: string;
  label: string;
}

/**
 * The history explorer's URL query (without `?`) of `fields` over the last day: `f=` and `label=`
 * per field, as the explorer writes a view, so the graph opens there as it is.
 */
export function graphQuery(serviceId: string, fields: readonly GraphField[]): string {
  const query = new URLSearchParams();
  for (const { blockId, field } of fields) query.append('f', `${serviceId}/${blockId}/${field}`);
  for (const { label } of fields) query.append('label', label);
  query.set('range', '1d');
  return query.toString();
}

/** What a wizard's dashboard shows: the chain's graph, its quick actions and a widget per block. */
export interface ChainView {
  title: string;
  serviceId: string;
  graph: readonly GraphField[];
  actions: readonly QuickAction[];
  blockIds: readonly string[];
}

const BLOCK_WIDGET = { w: 4, h: 3 };
const GRAPH_WIDGET = { w: 8, h: 5 };

/**
 * The dashboard of a chain: the graph and the quick actions side by side on top, then the blocks'
 * widgets three to a row, in the order given.
 */
export function chainDashboard({ title, serviceId, graph, actions, blockIds }: ChainView, now: number): Dashboard {
  const perRow = GRID_COLUMNS / BLOCK_WIDGET.w;
  const top: Widget[] = [
    {
      id: 'graph',
      title,
      place: { x: 0, y: 0, ...GRAPH_WIDGET },
      config: { kind: 'graph', query: graphQuery(serviceId, graph) },
    },
    {
      id: 'quick-actions',
      title: 'Quick actions',
      place: { x: GRAPH_WIDGET.w, y: 0, w: GRID_COLUMNS - GRAPH_WIDGET.w, h: GRAPH_WIDGET.h },
      config: { kind: 'quick-actions', actionIds: actions.map(({ id }) => id) },
    },
  ];
  const blocks: Widget[] = blockIds.map((blockId, index) => ({
    id: `block-${index + 1}`,
    title: blockId,
    place: {
      x: (index % perRow) * BLOCK_WIDGET.w,
      y: GRAPH_WIDGET.h + Math.floor(index / perRow) * BLOCK_WIDGET.h,
      ...BLOCK_WIDGET,
    },
    config: { kind: 'block', serviceId, blockId },
  }));
  return { namespace: DASHBOARDS_NAMESPACE, id: dashboardId(title, now), title, widgets: [...top, ...blocks] };
}
