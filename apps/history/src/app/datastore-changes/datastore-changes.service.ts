import { Injectable } from '@nestjs/common';
import { DATASTORE_TOPIC, readDatastoreEvent, type DatastoreEvent } from '@eventcast/domain';
import { BusRelay } from '../live/bus-relay';

/**
 * The datastore's change events (`eventcast/datastore/#`), passed on to the listeners as they come;
 * nothing is kept, since a page reads the documents themselves with `mget`. A payload that is not
 * a change event is passed over: it is the datastore's bus, not input to this service.
 */
@Injectable()
export class DatastoreChanges extends BusRelay<DatastoreEvent> {
  /** A message of `eventcast/datastore/#`, its payload as text. */
  receive(topic: string, payload: string): void {
    if (topic !== DATASTORE_TOPIC && !topic.startsWith(`${DATASTORE_TOPIC}/`)) return;
    const event = readDatastoreEvent(payload);
    if (event) this.relay(event);
  }
}
