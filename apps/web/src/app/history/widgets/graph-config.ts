import { formatViewState, parseViewState, type ViewState } from '../view-state';

/**
 * The explorer's URL query (no `?`) of a pasted explorer link: a whole URL, a path or a bare query,
 * read as the explorer reads it; undefined when it puts no field on the graph.
 */
export function explorerQueryOf(text: string): string | undefined {
  const link = text.trim().split('#')[0];
  const query = link.includes('?') ? link.slice(link.indexOf('?') + 1) : link;
  const view = parseViewState(query);
  return view.fields.length > 0 ? formatViewState(view) : undefined;
}

/** The explorer's address showing the view of `query`. */
export function explorerHref(query: string): string {
  return query === '' ? '/' : `/?${query}`;
}

/** A title for a graph of `view`: its fields' labels (or names), one after the other. */
export function graphTitle(view: ViewState): string {
  return view.fields.length === 0 ? 'Graph' : view.fields.map((field) => field.label || field.name).join(', ');
}
