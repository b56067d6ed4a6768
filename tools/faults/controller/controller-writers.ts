import { ControllerApiClient } from '@eventcast/api-client';
import { Writer } from '../write-load';

/** A controller writer's block: a simulated sensor whose stored `setting` (°C) carries the version. */
const BLOCK_TYPE = 'TempSensorMock';

/**
 * `writes` writers calling `/blocks/write` and `patches` calling `/blocks/patch`, each on a
 * block of its own, which `create()` makes first.
 */
export function controllerWriters(
  client: ControllerApiClient,
  serviceId: string,
  writes: number,
  patches: number,
): ControllerWriter[] {
  const writer = (call: 'write' | 'patch', i: number) => new ControllerWriter(client, serviceId, call, `${call} ${i}`);
  return [
    ...Array.from({ length: writes }, (_, i) => writer('write', i)),
    ...Array.from({ length: patches }, (_, i) => writer('patch', i)),
  ];
}

/** A controller writer: its block's stored `setting` is the version of the call that wrote it. */
export class ControllerWriter implements Writer {
  constructor(
    private readonly client: ControllerApiClient,
    private readonly serviceId: string,
    readonly call: 'write' | 'patch',
    /** Its own block. */
    readonly blockId: string,
  ) {}

  /** Creates its block; throws when the controller refuses. */
  async create(): Promise<void> {
    const { response, error } = await this.client.POST('/blocks/create', { body: this.block(0) });
    if (!response.ok)
      throw new Error(`create of ${this.blockId} answered ${response.status}: ${JSON.stringify(error)}`);
  }

  async write(version: number): Promise<boolean> {
    const body = this.call === 'write' ? this.block(version) : { ...this.block(version), data: { setting: version } };
    const { response } = await this.client.POST(this.call === 'write' ? '/blocks/write' : '/blocks/patch', { body });
    return response.ok;
  }

  async storedVersion(): Promise<number> {
    const { data, response } = await this.client.POST('/blocks/read/stored', { body: { id: this.blockId } });
    if (!data) throw new Error(`read/stored of ${this.blockId} answered ${response.status}`);
    return (data.data.setting as { value: number }).value;
  }

  private block(version: number) {
    return {
      id: this.blockId,
      serviceId: this.serviceId,
      type: BLOCK_TYPE,
      data: { connected: true, setting: version },
    };
  }
}
