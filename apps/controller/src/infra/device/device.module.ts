import { join } from 'node:path';
import { DynamicModule, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { ControllerDevice } from '../../app/ports/controller-device.port';
import { SimulatedControllerDevice } from './simulated-controller-device';
import { SimulatedHardware } from './simulated-hardware';

/** Where the device lives and what it has plugged in. */
export interface DeviceChoice {
  dataDir: string;
  serviceId: string;
  hardware?: readonly SimulatedHardware[];
}

/** The device file of a controller service: `<DATA_DIR>/controller-<SERVICE_ID>.device.json`. */
export function deviceFilePath(choice: DeviceChoice): string {
  return join(choice.dataDir, `controller-${choice.serviceId}.device.json`);
}

/** How often the simulated device computes its read-only values. */
const TICK_MS = 1000;

/** Provides the `ControllerDevice`: the simulated controller, ticking every second until shutdown. */
@Module({})
export class DeviceModule implements OnApplicationShutdown {
  constructor(@Inject(ControllerDevice) private readonly device: ControllerDevice) {}

  static forRoot(choice: DeviceChoice): DynamicModule {
    return {
      module: DeviceModule,
      global: true,
      providers: [
        {
          provide: ControllerDevice,
          useFactory: () => {
            const device = new SimulatedControllerDevice({ file: deviceFilePath(choice), hardware: choice.hardware });
            device.start(TICK_MS);
            return device;
          },
        },
      ],
      exports: [ControllerDevice],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.device.close();
  }
}
