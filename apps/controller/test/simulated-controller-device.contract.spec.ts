import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SimulatedControllerDevice } from '../src/infra/device/simulated-controller-device';
import { CONTRACT_HARDWARE, controllerDeviceContract } from './controller-device.contract';

const folder = mkdtempSync(join(tmpdir(), 'device-contract-'));
let files = 0;
afterAll(() => rmSync(folder, { recursive: true, force: true }));

controllerDeviceContract(
  'the simulated device',
  () =>
    new SimulatedControllerDevice({ file: join(folder, `device-${(files += 1)}.json`), hardware: CONTRACT_HARDWARE }),
);
