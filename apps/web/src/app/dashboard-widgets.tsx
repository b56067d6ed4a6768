import type { WidgetTypes } from '../common/dashboards';
import { blockWidget, controllerStatusWidget } from './controllers/widgets';
import { noteWidget } from './dashboards/note-widget';
import { graphWidget, metricsWidget } from './history/widgets';
import { quickActionsWidget } from './quick-actions/quick-actions-widget';

/**
 * The kinds of widget this app has, from the features that make them; the dashboards offer these
 * in "Add widget", and show a widget of a kind missing here as not available.
 */
export const widgetTypes: Partial<WidgetTypes> = {
  block: blockWidget,
  'controller-status': controllerStatusWidget,
  graph: graphWidget,
  metrics: metricsWidget,
  'quick-actions': quickActionsWidget,
  note: noteWidget,
};
