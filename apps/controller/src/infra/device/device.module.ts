import { join } from 'node:path';
import { DynamicModule, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { ControllerDevice } from '../../app/ports/controller-device.port';
import { SimulatedControllerDevice } from './simulated-controller-device';
import { SimulatedHardware } from './simulated-hardware';
import { FridgeSettings } from './simulation/fridge-model';

/** Where the device lives and what it has plugged in. */
export interface DeviceChoice {
  dataDir: string;
  serviceId: string;
  hardware?: readonly SimulatedHardware[];
  /** `SIM_SPEED` and `SIM_FRIDGE`. */
  simSpeed?: number;
  simFridge?: FridgeSettings;
}

/** The device file of a controller service: `<DATA_DIR>/controller-<SERVICE_ID>.device.json`. */
export function deviceFilePath(choice: DeviceChoice): string {
  return join(choice.dataDir, `controller-${choice.serviceId}.device.json`);
}

/** How often the simulated device computes its read-only values. */
const TICK_MS = 1000;

/** Says at start-up when the simulation is not today's plain one: a fridge, a faster clock. */
function describeSimulation({ simSpeed = 1, simFridge }: DeviceChoice): void {
  const parts = [
    ...(simFridge
      ? [
          `a fridge in a room at ${simFridge.ambientDegC} degC: air on sensor ${simFridge.airSensor}, beer on ${simFridge.beerSensor}, heater on ${simFridge.heater.ioBlock} channel ${simFridge.heater.channel}, cooler on ${simFridge.cooler.ioBlock} channel ${simFridge.cooler.channel}`,
        ]
      : []),
    ...(simSpeed > 1 ? [`time ${simSpeed} times faster than real`] : []),
  ];
  if (parts.length > 0)
    new Logger('SimulatedControllerDevice').log(`simulating ${parts.join('; ')} (docs/controller.md)`);
}

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
            const device = new SimulatedControllerDevice({
              file: deviceFilePath(choice),
              hardware: choice.hardware,
              speed: choice.simSpeed,
              fridge: choice.simFridge,
            });
            device.start(TICK_MS);
            describeSimulation(choice);
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
