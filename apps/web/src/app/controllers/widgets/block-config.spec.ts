import { blockFormPath } from './block-config';

describe(blockFormPath.name, () => {
  it("leads to the block's card on its controller's blocks page", () => {
    expect(blockFormPath({ serviceId: 'fermenter 1', blockId: 'Beer setpoint' })).toBe(
      '/controllers/fermenter%201#block-Beer_setpoint',
    );
  });
});
