import { implementsInterface, link } from '@eventcast/block-model';
import { isLink } from '@eventcast/domain';
import { setLinkedId } from './sim-values.util';
import { SimBlock, TickContext } from './tick-context';

/** Which link of an enabled block claims its target, by the claiming block's type. */
const CLAIMING_LINKS: ReadonlyMap<string, { field: string; iface: string }> = new Map([
  ['Pid', { field: 'outputId', iface: 'ActuatorAnalogInterface' }],
  ['ActuatorOffset', { field: 'targetId', iface: 'SetpointSensorPairInterface' }],
  ['ActuatorPwm', { field: 'actuatorId', iface: 'ActuatorDigitalInterface' }],
]);

/**
 * Settles who drives whom, shown in `claimedBy`: an enabled PID claims its output, an enabled
 * offset actuator its target setpoint, an enabled PWM its digital actuator, and a digital actuator
 * the channel of its IO module. When two blocks claim one target, the one with the lower nid wins.
 */
export function settleClaims(context: TickContext): void {
  const claims = new Map<string, string>();
  for (const block of context.world.blocks) {
    const claiming = CLAIMING_LINKS.get(block.type);
    if (claiming === undefined || block.data.enabled !== true) continue;
    const target = context.target(block.data, claiming.field, claiming.iface);
    if (target !== undefined && !claims.has(target.id)) claims.set(target.id, block.id);
  }
  for (const block of context.world.blocks) {
    if (isLink(block.data.claimedBy)) setLinkedId(block.data, 'claimedBy', claims.get(block.id) ?? null);
  }
  settleChannelClaims(context);
}

function settleChannelClaims(context: TickContext): void {
  const claims = new Map<SimBlock, Map<unknown, string>>();
  for (const actuator of context.ofType('DigitalActuator')) {
    const module = context.target(actuator.data, 'hwDevice', 'IoArrayInterface');
    if (module === undefined) continue;
    const channels = claims.get(module) ?? new Map<unknown, string>();
    claims.set(module, channels);
    if (!channels.has(actuator.data.channel)) channels.set(actuator.data.channel, actuator.id);
  }
  for (const block of context.world.blocks) {
    const channels = block.data.channels;
    if (!implementsInterface(block.type, 'IoArrayInterface') || !Array.isArray(channels)) continue;
    const moduleClaims = claims.get(block);
    channels.forEach((channel: { id?: unknown; claimedBy?: unknown }, index) => {
      const claimer = moduleClaims?.get(channel.id) ?? null;
      if (!isLink(channel.claimedBy) || channel.claimedBy.id !== claimer)
        channels[index] = { ...channel, claimedBy: link('Any', claimer) };
    });
  }
}
