import { WIDGET_KINDS, type WidgetKind, type WidgetType, type WidgetTypes } from '../../common/dashboards';

/** The widget types this app has, by kind; a kind it lacks is left out (its widgets say so). */
export type AvailableWidgetTypes = Partial<WidgetTypes>;

/** The type of `kind`, taking any config of the dashboard's document, or undefined when the app lacks it. */
export function widgetTypeOf(types: AvailableWidgetTypes, kind: string): WidgetType | undefined {
  return (types as Partial<Record<string, WidgetType>>)[kind];
}

/** The kinds the "Add widget" menu offers, in the contract's order. */
export function availableKinds(types: AvailableWidgetTypes): WidgetKind[] {
  return WIDGET_KINDS.filter((kind) => types[kind] !== undefined);
}
