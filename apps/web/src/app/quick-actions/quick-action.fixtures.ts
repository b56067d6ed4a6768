// What the quick actions' specs share: a quantity, controllers as the page knows them, two patches.
import type { ControllerView, Controllers } from '../../common/controller-list';
import type { BlockPatch } from '../../common/quick-action';

export const degC = (value: number | null) => ({ __objtype: 'Quantity', unit: 'degC', value });

export function controllersOf(...views: Partial<ControllerView>[]): Controllers {
  return new Map(
    views.map((view) => [
      view.id as string,
      { id: view.id as string, online: true, blocks: [], relations: [], ...view },
    ]),
  );
}

export const beer: BlockPatch = {
  serviceId: 'fermenter',
  id: 'Beer setpoint',
  type: 'SetpointSensorPair',
  data: { storedSetting: degC(20) },
};

export const cellar: BlockPatch = {
  serviceId: 'cellar',
  id: 'Cellar setpoint',
  type: 'SetpointSensorPair',
  data: { storedSetting: degC(12), enabled: true },
};
