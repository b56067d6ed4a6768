import { randomBytes } from 'node:crypto';
import { DatastoreApiClient } from '@eventcast/api-client';
import { Writer } from '../write-load';

/** Documents an `mset` writer writes in each call. */
const MSET_DOCUMENTS = 10;

/**
 * `sets` writers calling `set` with one document and `msets` writers calling `mset` with ten, each
 * in a top-level namespace of its own (so each has a change-event topic of its own), unique to
 * this run. `mset` reads back as the lowest version among its documents, so one document missing
 * from an answered call counts it lost.
 */
export function datastoreWriters(client: DatastoreApiClient, sets: number, msets: number): DatastoreWriter[] {
  const run = `faults-${randomBytes(3).toString('hex')}`;
  return [
    ...Array.from({ length: sets }, (_, i) => new DatastoreWriter(client, 'set', `${run}-set-${i}`, ['document'])),
    ...Array.from(
      { length: msets },
      (_, i) =>
        new DatastoreWriter(
          client,
          'mset',
          `${run}-mset-${i}`,
          Array.from({ length: MSET_DOCUMENTS }, (_, k) => `document-${k}`),
        ),
    ),
  ];
}

/** A datastore writer: its documents carry the version of the call that wrote them. */
export class DatastoreWriter implements Writer {
  constructor(
    private readonly client: DatastoreApiClient,
    readonly call: 'set' | 'mset',
    /** Its own top-level namespace. */
    readonly namespace: string,
    private readonly ids: string[],
  ) {}

  async write(version: number): Promise<boolean> {
    const values = this.ids.map((id) => ({ namespace: this.namespace, id, version }));
    const { response } =
      this.call === 'set'
        ? await this.client.POST('/set', { body: { value: values[0] } })
        : await this.client.POST('/mset', { body: { values } });
    return response.ok;
  }

  async storedVersion(): Promise<number> {
    const { data, response } = await this.client.POST('/mget', { body: { namespace: this.namespace, ids: this.ids } });
    if (!data) throw new Error(`mget of ${this.namespace} answered ${response.status}`);
    if (data.values.length < this.ids.length) return 0;
    return Math.min(...data.values.map((document) => Number((document as { version?: unknown }).version)));
  }
}
