/** A line of the graph as its legend shows it. */
export interface LegendEntry {
  label: string;
  colour: string;
}

/** An annotation drawn on the picture: where (in the canvas' pixels) and of which group. */
export interface ImageMark {
  x: number;
  group: string;
}

/** What the exported picture says above the graph, and the annotations it marks. */
export interface GraphCaption {
  title: string;
  legend: readonly LegendEntry[];
  span: { from: number; to: number };
  marks?: readonly ImageMark[];
}

const PADDING = 12;
const TITLE_PX = 16;
const TEXT_PX = 13;
const LINE_GAP = 6;
const SWATCH = 12;
const ENTRY_GAP = 18;
const FONT = 'system-ui, sans-serif';
/** The annotations' lines, as on the page. */
const MARK_COLOUR = '#6b4fbb';

/**
 * The graph drawn on `canvas` as a picture to save: on white, below a band with the title, the span
 * in the browser's time zone, and the legend (each line's colour and label), so the file alone says
 * what it shows.
 */
export function graphImage(canvas: HTMLCanvasElement, caption: GraphCaption): HTMLCanvasElement {
  // The chart's canvas has the device's pixels; the band is drawn at the same scale.
  const scale = canvas.width / (canvas.clientWidth || canvas.width);
  const image = document.createElement('canvas');
  const measure = image.getContext('2d') as CanvasRenderingContext2D;
  measure.font = `${TEXT_PX * scale}px ${FONT}`;
  const rows = legendRows(caption.legend, (text) => measure.measureText(text).width, canvas.width, scale);
  const band = Math.ceil(scale * (PADDING * 2 + TITLE_PX + LINE_GAP + TEXT_PX + rows.length * (TEXT_PX + LINE_GAP)));
  image.width = canvas.width;
  image.height = canvas.height + band;
  const context = image.getContext('2d') as CanvasRenderingContext2D;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, image.width, image.height);
  context.fillStyle = '#1b1b1b';
  context.textBaseline = 'top';
  let y = PADDING * scale;
  context.font = `bold ${TITLE_PX * scale}px ${FONT}`;
  context.fillText(caption.title, PADDING * scale, y);
  y += (TITLE_PX + LINE_GAP) * scale;
  context.font = `${TEXT_PX * scale}px ${FONT}`;
  context.fillText(spanText(caption.span), PADDING * scale, y);
  y += (TEXT_PX + LINE_GAP) * scale;
  for (const row of rows) {
    for (const { entry, x } of row) {
      context.fillStyle = entry.colour;
      context.fillRect(x, y, SWATCH * scale, SWATCH * scale);
      context.fillStyle = '#1b1b1b';
      context.fillText(entry.label, x + (SWATCH + 4) * scale, y);
    }
    y += (TEXT_PX + LINE_GAP) * scale;
  }
  context.drawImage(canvas, 0, band);
  context.strokeStyle = MARK_COLOUR;
  context.lineWidth = scale;
  context.setLineDash([4 * scale, 3 * scale]);
  for (const mark of caption.marks ?? []) {
    context.beginPath();
    context.moveTo(mark.x, band);
    context.lineTo(mark.x, image.height);
    context.stroke();
  }
  return image;
}

/** The span as the browser's clock reads it, with its time zone: `Nov 26, 2026, 3:30 – 4:30 AM (UTC)`. */
export function spanText({ from, to }: { from: number; to: number }): string {
  const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return `${format.formatRange(new Date(from), new Date(to))} (${format.resolvedOptions().timeZone})`;
}

/** The legend's entries laid out left to right, a new row where the next would pass the width. */
function legendRows(
  legend: readonly LegendEntry[],
  widthOf: (text: string) => number,
  width: number,
  scale: number,
): { entry: LegendEntry; x: number }[][] {
  const rows: { entry: LegendEntry; x: number }[][] = [];
  let x = PADDING * scale;
  for (const entry of legend) {
    const entryWidth = (SWATCH + 4 + ENTRY_GAP) * scale + widthOf(entry.label);
    if (rows.length === 0 || (x + entryWidth > width - PADDING * scale && x > PADDING * scale)) {
      rows.push([]);
      x = PADDING * scale;
    }
    rows[rows.length - 1].push({ entry, x });
    x += entryWidth;
  }
  return rows;
}
