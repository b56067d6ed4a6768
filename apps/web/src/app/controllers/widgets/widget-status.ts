import type { SeenController } from './use-controller';

/**
 * What a widget of a controller says of it, when it says anything: connecting, waiting for its
 * first state, reconnecting, or offline. A widget that says something greys its values: they
 * are not live.
 */
export function controllerNotice({ controller, live }: SeenController): string | undefined {
  if (!controller) return live ? 'Waiting for the state of this controller…' : 'Connecting to the controller stream…';
  if (!controller.online) return 'Offline: values as last seen';
  return live ? undefined : 'Reconnecting: values as last seen';
}
