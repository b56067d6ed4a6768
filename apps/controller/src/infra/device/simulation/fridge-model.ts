import { ACTIVE } from './actuators';
import { linkedId, numberValue } from './sim-values.util';
import { TickContext } from './tick-context';

/** Where a digital actuator sits: the id of the IO block (`OnboardPins`, a DS2413 block) and its channel. */
export interface ChannelAddress {
  ioBlock: string;
  channel: number;
}

/**
 * A fermentation fridge as two lumps of heat: the fridge's air (with its walls and shelves) and the
 * beer. Heat flows from the room through the walls into the air, between air and beer, and from the
 * heater into the air; the cooler takes it out of the air. Powers in watts, heat capacities in
 * joules per kelvin, couplings in watts per kelvin (docs/controller.md, "A simulated fridge").
 */
export interface FridgeSettings {
  /** The room around the fridge, and where air and beer start. */
  ambientDegC: number;
  airJoulesPerKelvin: number;
  beerJoulesPerKelvin: number;
  /** Room to fridge air, through the walls. */
  wallWattsPerKelvin: number;
  /** Fridge air to beer, through the fermenter's wall. */
  beerWattsPerKelvin: number;
  heaterWatts: number;
  coolerWatts: number;
  /** The OneWire addresses of the sensors in the fridge's air and in the beer. */
  airSensor: string;
  beerSensor: string;
  heater: ChannelAddress;
  cooler: ChannelAddress;
}

/** A 20 L fermenter in a small fridge with a 100 W heater and a compressor that takes out 150 W. */
export const DEFAULT_FRIDGE: FridgeSettings = {
  ambientDegC: 20,
  airJoulesPerKelvin: 20_000,
  beerJoulesPerKelvin: 84_000,
  wallWattsPerKelvin: 1.5,
  beerWattsPerKelvin: 6,
  heaterWatts: 100,
  coolerWatts: 150,
  airSensor: '28C80E9A0300009D',
  beerSensor: '28FF4A1B2C3D0042',
  heater: { ioBlock: 'OnboardPins', channel: 1 },
  cooler: { ioBlock: 'OnboardPins', channel: 2 },
};

/** The temperatures of a simulated fridge, moved on by each tick from the states of its heater and cooler. */
export class FridgeModel {
  airDegC: number;
  beerDegC: number;

  constructor(readonly settings: FridgeSettings) {
    this.airDegC = settings.ambientDegC;
    this.beerDegC = settings.ambientDegC;
  }

  /** Lets `context.dtS` seconds pass with the heater and cooler as the digital actuators on their channels are now. */
  step(context: TickContext): void {
    const s = this.settings;
    const heating = this.isOn(context, s.heater) ? s.heaterWatts : 0;
    const cooling = this.isOn(context, s.cooler) ? s.coolerWatts : 0;
    const intoBeer = s.beerWattsPerKelvin * (this.airDegC - this.beerDegC);
    const intoAir = s.wallWattsPerKelvin * (s.ambientDegC - this.airDegC) - intoBeer + heating - cooling;
    this.airDegC += (intoAir * context.dtS) / s.airJoulesPerKelvin;
    this.beerDegC += (intoBeer * context.dtS) / s.beerJoulesPerKelvin;
  }

  /** The temperature a OneWire sensor at `address` reads, when it is one of the fridge's. */
  temperatureAt(address: string): number | undefined {
    const upper = address.toUpperCase();
    if (upper === this.settings.airSensor.toUpperCase()) return this.airDegC;
    if (upper === this.settings.beerSensor.toUpperCase()) return this.beerDegC;
    return undefined;
  }

  private isOn(context: TickContext, address: ChannelAddress): boolean {
    return context
      .ofType('DigitalActuator')
      .some(
        ({ data }) =>
          data.state === ACTIVE &&
          linkedId(data, 'hwDevice') === address.ioBlock &&
          numberValue(data, 'channel') === address.channel,
      );
  }
}
