import type { WidgetConfig } from '../../../common/dashboards';
import { blockAnchor } from '../block-card';
import { controllerPath } from '../controller-routes';

/** What a block widget shows: one block of one controller. */
export type BlockConfig = Extract<WidgetConfig, { kind: 'block' }>;

/** What a controller status widget shows: one controller. */
export type ControllerStatusConfig = Extract<WidgetConfig, { kind: 'controller-status' }>;

/** Where the block's full form is: its card on its controller's blocks page. */
export function blockFormPath({ serviceId, blockId }: Omit<BlockConfig, 'kind'>): string {
  return `${controllerPath(serviceId)}#${blockAnchor(blockId)}`;
}
