/** Line colours given to fields in turn, distinct on a white background. */
const PALETTE = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#9467bd',
  '#ff7f0e',
  '#8c564b',
  '#e377c2',
  '#17becf',
  '#7f7f7f',
  '#bcbd22',
  '#393b79',
  '#843c39',
  '#637939',
  '#7b4173',
  '#ad494a',
  '#3182bd',
  '#e6550d',
  '#31a354',
  '#756bb1',
  '#636363',
];

/** The colour of the `index`th field on a graph, unless the user chose one. */
export function defaultColour(index: number): string {
  return PALETTE[index % PALETTE.length];
}
