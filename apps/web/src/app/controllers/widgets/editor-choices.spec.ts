import type { Block } from '@eventcast/domain';
import type { ControllerView } from '../../../common/controller-list';
import { editorChoices } from './editor-choices';

const block = (id: string, type: string): Block => ({ id, serviceId: 'fermenter', type, data: {} });
const controller = (id: string, online: boolean, blocks: Block[] = []): [string, ControllerView] => [
  id,
  { id, online, blocks, relations: [] },
];

describe(editorChoices.name, () => {
  const controllers = new Map([
    controller('kettle', true),
    controller('cellar', false),
    controller('fermenter', true, [
      block('SystemInfo', 'SysInfo'),
      block('Heater', 'DigitalActuator'),
      block('Beer setpoint', 'SetpointSensorPair'),
    ]),
  ]);

  it('offers the controllers online by id, and the blocks of the one chosen by name, system blocks last', () => {
    const { offered, blocks } = editorChoices(controllers, 'fermenter');

    expect(offered).toEqual(['fermenter', 'kettle']);
    expect(blocks.map(({ id }) => id)).toEqual(['Beer setpoint', 'Heater', 'SystemInfo']);
  });

  it("keeps a widget's controller on offer when it is offline or not seen yet", () => {
    expect(editorChoices(controllers, 'cellar').offered).toEqual(['cellar', 'fermenter', 'kettle']);
    expect(editorChoices(controllers, 'brewhouse')).toEqual({
      offered: ['brewhouse', 'fermenter', 'kettle'],
      blocks: [],
    });
  });
});
