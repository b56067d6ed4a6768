import { sendToClient, StreamClient, TRY_AGAIN_LATER } from './websocket-client';

/**
 * Events of the bus that the service passes on to browsers as they come (the controllers' states,
 * the datastore's changes), and whether it follows them right now: while the broker is lost, events
 * may be missed, and every listener is told.
 */
export class BusRelay<E> {
  private readonly listeners = new Set<(event: E) => void>();
  private readonly lostListeners = new Set<() => void>();
  private following = false;

  /** Whether the events are followed on the broker right now; while they are not, some may be missed. */
  get isFollowing(): boolean {
    return this.following;
  }

  /** The subscription is in place: every event from now on is relayed. */
  followed(): void {
    this.following = true;
  }

  /** The broker connection dropped: the listeners are told, since events they wait for may now be missed. */
  lost(): void {
    const wasFollowing = this.following;
    this.following = false;
    if (wasFollowing) for (const listener of [...this.lostListeners]) listener();
  }

  /** Calls `listener` with every event from now on, and `onLost` when the broker is lost; returns the unsubscribe. */
  listen(listener: (event: E) => void, onLost: () => void = () => undefined): () => void {
    this.listeners.add(listener);
    this.lostListeners.add(onLost);
    return () => {
      this.listeners.delete(listener);
      this.lostListeners.delete(onLost);
    };
  }

  protected relay(event: E): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}

/**
 * Calls `send` with `first`, then with every event of `relay`, until the returned unsubscribe; calls
 * `onLost` instead, at once or later, while the relay does not follow the broker, so that no page
 * waits for events that cannot come.
 */
export function relayTo<E>(
  relay: Pick<BusRelay<E>, 'isFollowing' | 'listen'>,
  send: (event: E) => void,
  onLost: () => void,
  first: readonly E[] = [],
): () => void {
  if (!relay.isFollowing) {
    onLost();
    return () => undefined;
  }
  for (const event of first) send(event);
  return relay.listen(send, onLost);
}

/**
 * Sends a newly connected stream client `first`, then every event of `relay`; while the relay does
 * not follow the broker, closes it with 1013 (try again later). Returns the unsubscribe, for when the
 * client goes.
 */
export function relayToClient<E>(socket: StreamClient, relay: BusRelay<E>, first: readonly E[] = []): () => void {
  return relayTo(
    relay,
    (event) => sendToClient(socket, event),
    () => closeBrokerLost(socket),
    first,
  );
}

/** Closes a client with 1013: the service lost the broker, so events it waits for may be missed. */
export function closeBrokerLost(socket: StreamClient): void {
  socket.close(TRY_AGAIN_LATER, 'the history service is not connected to the broker');
}
