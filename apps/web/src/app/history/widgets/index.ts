import type { WidgetType } from '../../../common/dashboards';
import { GraphWidget, GraphWidgetEditor, type GraphConfig } from './graph-widget';
import { MetricsWidget, MetricsWidgetEditor, type MetricsConfig } from './metrics-widget';

/** The history graph of a view in a widget (docs/web.md, "Graph, metrics and quick-action widgets"). */
export const graphWidget: WidgetType<GraphConfig> = {
  label: 'Graph',
  defaults: { kind: 'graph', query: 'range=1d' },
  size: { w: 6, h: 4 },
  Component: GraphWidget,
  Editor: GraphWidgetEditor,
};

/** The latest values of chosen fields with their age, each stale after its own limit. */
export const metricsWidget: WidgetType<MetricsConfig> = {
  label: 'Metrics',
  defaults: { kind: 'metrics', fields: [] },
  size: { w: 3, h: 3 },
  Component: MetricsWidget,
  Editor: MetricsWidgetEditor,
};
