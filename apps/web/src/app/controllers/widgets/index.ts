import type { WidgetConfig, WidgetType } from '../../../common/dashboards';
import { BlockWidget } from './block-widget';
import { ControllerStatusWidget } from './controller-status-widget';
import { BlockWidgetEditor, ControllerStatusEditor } from './widget-editors';

/** A block of a controller, as its type's widget (docs/web.md, "Block widgets"). */
export const blockWidget: WidgetType<Extract<WidgetConfig, { kind: 'block' }>> = {
  label: 'Block',
  defaults: { kind: 'block', serviceId: '', blockId: '' },
  size: { w: 4, h: 5 },
  Component: BlockWidget,
  Editor: BlockWidgetEditor,
};

/** A controller's status: online, device, blocks, units. */
export const controllerStatusWidget: WidgetType<Extract<WidgetConfig, { kind: 'controller-status' }>> = {
  label: 'Controller status',
  defaults: { kind: 'controller-status', serviceId: '' },
  size: { w: 3, h: 3 },
  Component: ControllerStatusWidget,
  Editor: ControllerStatusEditor,
};
