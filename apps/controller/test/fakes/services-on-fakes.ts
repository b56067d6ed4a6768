import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { ServiceMetrics, ServiceReadiness } from '@eventcast/bootstrap';
import { ChangeOrigin } from '@eventcast/domain';
import { RecordingEventPublisher } from '@eventcast/messaging/testing';
import { BackupService } from '../../src/app/backup/backup.service';
import { BlockMetaService } from '../../src/app/blocks/block-meta.service';
import { BlockPatchPublisher } from '../../src/app/blocks/block-patch.publisher';
import { BlocksService } from '../../src/app/blocks/blocks.service';
import { BroadcastService } from '../../src/app/broadcast/broadcast.service';
import { ChangeEventPublisher } from '../../src/app/changes/change-event.publisher';
import { ControllerStoreService } from '../../src/app/store/controller-store.service';
import { UserUnitsService } from '../../src/app/units/user-units.service';
import { ControllerConfig, readControllerConfig } from '../../src/config/controller.config';
import { SimulatedControllerDevice } from '../../src/infra/device/simulated-controller-device';
import { SimulatedHardware } from '../../src/infra/device/simulated-hardware';
import { InMemoryDatastore } from './in-memory-datastore';

/** The origin the specs give their changes: a REST call that names its caller. */
export const VIA_TEST: ChangeOrigin = { via: 'rest', by: 'a unit spec' };

/**
 * The controller's services wired by hand, as the app module wires them: on the real simulated
 * device (its only I/O is its device file, in a folder of its own that `close` removes), and on
 * in-memory fakes of the datastore and the publisher.
 */
export interface ControllerOnFakes {
  config: ControllerConfig;
  device: SimulatedControllerDevice;
  datastore: InMemoryDatastore;
  publisher: RecordingEventPublisher;
  units: UserUnitsService;
  store: ControllerStoreService;
  meta: BlockMetaService;
  blocks: BlocksService;
  backups: BackupService;
  broadcasts: BroadcastService;
  /** Runs the shutdown hooks that stop the services' retry timers. */
  close(): Promise<void>;
}

/**
 * Every controller service for the service id `c1` on a fresh device (with `hardware` plugged in,
 * none by default), datastore and publisher.
 * The services' log lines are silenced; a spec that wants them spies on `Logger.prototype`.
 */
export function controllerOnFakes(hardware: readonly SimulatedHardware[] = []): ControllerOnFakes {
  for (const level of ['log', 'warn', 'error'] as const)
    jest.spyOn(Logger.prototype, level).mockImplementation(() => undefined);
  const config = { ...readControllerConfig({}), serviceId: 'c1' };
  const folder = mkdtempSync(join(tmpdir(), 'controller-on-fakes-'));
  const fakes = {
    device: new SimulatedControllerDevice({ file: join(folder, 'device.json'), hardware }),
    datastore: new InMemoryDatastore(),
    publisher: new RecordingEventPublisher(),
  };
  const units = new UserUnitsService(fakes.datastore, new ServiceReadiness(new ServiceMetrics()));
  const store = new ControllerStoreService(config, fakes.datastore);
  const meta = new BlockMetaService(store, fakes.device);
  const patches = new BlockPatchPublisher(config, fakes.publisher);
  const changes = new ChangeEventPublisher(config, fakes.publisher);
  const blocks = new BlocksService(config, fakes.device, units, patches, meta, changes);
  const backups = new BackupService(config, fakes.device, blocks, store, units, patches, changes);
  const broadcasts = new BroadcastService(config, blocks, units, fakes.publisher);
  const close = async () => {
    await broadcasts.beforeApplicationShutdown();
    store.onApplicationShutdown();
    units.onApplicationShutdown();
    await fakes.device.close();
    rmSync(folder, { recursive: true, force: true });
    jest.restoreAllMocks();
  };
  return { config, ...fakes, units, store, meta, blocks, backups, broadcasts, close };
}
