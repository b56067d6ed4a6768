import { channelLabel, hardwareOf } from './controller-hardware';
import { block, freshBlocks } from './wizard.fixtures';

const link = (type: string, id: string) => ({ __objtype: 'Link', type, id });

describe(hardwareOf.name, () => {
  it("offers a fresh controller's sensors with their readings and every channel, in the controller's order", () => {
    const hardware = hardwareOf(freshBlocks());

    expect(hardware.unit).toBe('degC');
    expect(hardware.sensors).toEqual([
      { id: 'TempSensorOneWire-1', reading: '20.13 °C' },
      { id: 'TempSensorOneWire-2', reading: '' },
    ]);
    expect(hardware.channels.map(channelLabel)).toEqual([
      'OnboardPins channel 1',
      'OnboardPins channel 2',
      'OnboardPins channel 3',
      'OnboardPins channel 4',
      'DS2413-1 channel 1',
      'DS2413-1 channel 2',
    ]);
    expect(hardware.blockIds).toContain('DS2413-1');
  });

  it('leaves out a sensor a setpoint pair reads, a claimed channel and a channel an actuator is set on', () => {
    const blocks = freshBlocks();
    blocks[1] = block('OnboardPins', 'OnboardPins', {
      channels: [
        { id: 1, claimedBy: link('Any', 'Heater') },
        { id: 2, claimedBy: { __objtype: 'Link', type: 'Any', id: null } },
      ],
    });
    blocks.push(
      block('Beer setpoint', 'SetpointSensorPair', { sensorId: link('TempSensorInterface', 'TempSensorOneWire-2') }),
      block('Cooler', 'DigitalActuator', { hwDevice: link('IoArrayInterface', 'DS2413-1'), channel: 2 }),
    );

    const hardware = hardwareOf(blocks);

    expect(hardware.sensors.map(({ id }) => id)).toEqual(['TempSensorOneWire-1']);
    expect(hardware.channels.map(channelLabel)).toEqual(['OnboardPins channel 2', 'DS2413-1 channel 1']);
  });

  it('reads temperatures in degF when the system block follows degF', () => {
    const hardware = hardwareOf(freshBlocks('degF'));

    expect(hardware.unit).toBe('degF');
    expect(hardware.sensors[0].reading).toBe('68.40 °F');
  });
});
