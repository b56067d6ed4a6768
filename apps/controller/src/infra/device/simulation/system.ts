import { setQuantityValue } from './sim-values.util';
import { TickContext } from './tick-context';

/** The system info block: uptime, and how many ticks the device makes per second. */
export function simulateSystem(context: TickContext): void {
  for (const { data } of context.ofType('SysInfo')) {
    setQuantityValue(data, 'uptime', Math.max(0, (context.nowMs - context.world.startedMs) / 1000));
    const intervalS = context.world.tickIntervalS;
    if (intervalS > 0) data.updatesPerSecond = Math.round(100 / intervalS) / 100;
  }
}
