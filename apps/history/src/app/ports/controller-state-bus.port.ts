/**
 * What the history service does on the controllers' bus besides following it: clear a removed
 * controller's retained state. The adapter is the broker connection that follows the states.
 */
export abstract class ControllerStateBus {
  /**
   * Publishes an empty retained message on `eventcast/state/<serviceId>`, which removes the retained
   * state (or last will) from the broker; resolves once the broker took it. Rejects with
   * `StoreUnavailableError` while the broker is not connected.
   */
  abstract clearRetainedState(serviceId: string): Promise<void>;
}
