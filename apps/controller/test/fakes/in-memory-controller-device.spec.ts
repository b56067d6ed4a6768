import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SimulatedControllerDevice } from '../../src/infra/device/simulated-controller-device';
import { CONTRACT_HARDWARE, controllerDeviceContract } from '../controller-device.contract';
import { InMemoryControllerDevice } from './in-memory-controller-device';

const folder = mkdtempSync(join(tmpdir(), 'device-contract-'));
let files = 0;
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// The fake is held to the same contract as the simulated device it stands in for.
controllerDeviceContract(
  'the simulated device',
  () =>
    new SimulatedControllerDevice({ file: join(folder, `device-${(files += 1)}.json`), hardware: CONTRACT_HARDWARE }),
);
controllerDeviceContract('the in-memory fake', () => new InMemoryControllerDevice({ hardware: CONTRACT_HARDWARE }));
