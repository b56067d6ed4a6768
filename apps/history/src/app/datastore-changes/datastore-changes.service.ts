import { Injectable } from '@nestjs/common';
import { DATASTORE_TOPIC, readDatastoreEvent, type DatastoreEvent } from '@eventcast/domain';

/** Receives each change event the moment it is relayed. */
export type DatastoreEventListener = (event: DatastoreEvent) => void;

/**
 * The datastore's change events (`eventcast/datastore/#`), passed on to the listeners as they come;
 * nothing is kept, since a page reads the documents themselves with `mget`. A payload that is not
 * a change event is passed over: it is the datastore's bus, not input to this service.
 */
@Injectable()
export class DatastoreChanges {
  private readonly listeners = new Set<DatastoreEventListener>();
  private readonly lostListeners = new Set<() => void>();
  private following = false;

  /** Whether the events are followed on the broker right now; while they are not, some may be missed. */
  get isFollowing(): boolean {
    return this.following;
  }

  /** The subscription to the change events is in place. */
  followed(): void {
    this.following = true;
  }

  /** The broker connection dropped: the listeners are told, since events they wait for may now be missed. */
  lost(): void {
    const wasFollowing = this.following;
    this.following = false;
    if (wasFollowing) for (const listener of [...this.lostListeners]) listener();
  }

  /** A message of `eventcast/datastore/#`, its payload as text. */
  receive(topic: string, payload: string): void {
    if (topic !== DATASTORE_TOPIC && !topic.startsWith(`${DATASTORE_TOPIC}/`)) return;
    const event = readDatastoreEvent(payload);
    if (event) for (const listener of [...this.listeners]) listener(event);
  }

  /** Calls `listener` with every event from now on, and `onLost` when the broker is lost; returns the unsubscribe. */
  listen(listener: DatastoreEventListener, onLost: () => void): () => void {
    this.listeners.add(listener);
    this.lostListeners.add(onLost);
    return () => {
      this.listeners.delete(listener);
      this.lostListeners.delete(onLost);
    };
  }
}
