import { ControllerApiClient } from '@eventcast/api-client';
import { expect } from './web-test';

/** A block as a test makes it through the controller's API: its id, type and data. */
export interface NewBlock {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/** Creates `blocks` on the controller `serviceId`, in order, through its API; each must be created. */
export async function createBlocks(
  controller: ControllerApiClient,
  serviceId: string,
  blocks: readonly NewBlock[],
): Promise<void> {
  for (const block of blocks) {
    const { response } = await controller.POST('/blocks/create', { body: { ...block, serviceId } });
    expect({ block: block.id, status: response.status }).toEqual({ block: block.id, status: 201 });
  }
}
