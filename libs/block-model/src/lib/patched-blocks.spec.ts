import type { Block } from '@eventcast/domain';
import { patchedBlocks } from './patched-blocks';

const block = (id: string, value = 0): Block => ({ id, serviceId: 'cellar', type: 'TempSensorMock', data: { value } });

describe(patchedBlocks.name, () => {
  const blocks = [block('Beer sensor'), block('Fridge sensor'), block('Spare sensor')];

  it('replaces a changed block where it stood and adds a new one last', () => {
    const patched = patchedBlocks(blocks, { changed: [block('New sensor'), block('Fridge sensor', 4)], deleted: [] });
    expect(patched).toEqual([
      block('Beer sensor'),
      block('Fridge sensor', 4),
      block('Spare sensor'),
      block('New sensor'),
    ]);
  });

  it('removes the deleted blocks, and passes over an id it does not hold', () => {
    expect(patchedBlocks(blocks, { changed: [], deleted: ['Spare sensor', 'Gone'] })).toEqual(blocks.slice(0, 2));
  });

  it('leaves the blocks it was given as they were', () => {
    patchedBlocks(blocks, { changed: [block('Beer sensor', 9)], deleted: ['Fridge sensor'] });
    expect(blocks).toEqual([block('Beer sensor'), block('Fridge sensor'), block('Spare sensor')]);
  });
});
