import { Component, type ComponentChildren } from 'preact';

/**
 * Shows a widget's component, or a plain box with the reason when it fails to render: one widget
 * that cannot show its config (a document written by hand, a kind changed since) leaves the rest
 * of a kiosk's dashboard on the wall. Its key starts it afresh when the config changes.
 */
export class WidgetBoundary extends Component<{ children: ComponentChildren }, { problem?: string }> {
  static override getDerivedStateFromError(error: unknown): { problem: string } {
    return { problem: error instanceof Error ? error.message : String(error) };
  }

  override render() {
    const { problem } = this.state;
    if (problem === undefined) return this.props.children;
    return <p class="dashboard-widget-missing">This widget could not be shown: {problem}</p>;
  }
}
