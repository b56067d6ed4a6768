import { simulateDigitalActuators, simulatePwms } from './actuators';
import { settleClaims } from './claims';
import { simulateOffsets, simulatePids, simulateSetpoints } from './control';
import { simulateSensors } from './sensors';
import { simulateSystem } from './system';
import { SimulationWorld, TickContext } from './tick-context';

/**
 * Computes every read-only value of the device at `nowMs`, `dtS` seconds after the previous tick
 * (0: only settle the effect of a change, without letting time pass for integrals and filters).
 * Order: the fridge's temperatures (from the actuator states of the previous pass), sensors, claims, setpoints, PIDs, offsets, PWMs, digital actuators; a value that a later
 * step feeds back (a PID's achieved output) is the one of this pass, a setting fed forward by a
 * later step (an offset's target setting) is the one of the previous pass.
 */
export function simulate(world: SimulationWorld, nowMs: number, dtS: number): void {
  const context = new TickContext(world, nowMs, dtS);
  simulateSystem(context);
  world.fridge?.step(context);
  simulateSensors(context);
  settleClaims(context);
  simulateSetpoints(context);
  simulatePids(context);
  simulateOffsets(context);
  simulatePwms(context);
  simulateDigitalActuators(context);
  reportPidOutputs(context);
}

function reportPidOutputs(context: TickContext): void {
  for (const { data } of context.ofType('Pid')) {
    const output = data.active === true ? context.target(data, 'outputId', 'ActuatorAnalogInterface') : undefined;
    const value = output?.data.value;
    data.outputValue =
      typeof value === 'number' ? value : ((value as { value?: number | null } | undefined)?.value ?? 0);
  }
}
