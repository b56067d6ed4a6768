import { annotationDetails, annotationTitle, type Annotation } from './annotation-words';

/** A line of the report's graph: its label and colour, its unit's axis, and its points `[epoch ms, value]`. */
export interface ReportLine {
  label: string;
  colour: string;
  unit: string;
  points: ReadonlyArray<readonly [number, number]>;
}

/** What a brew session's report shows. */
export interface BrewReport {
  name: string;
  span: { from: number; to: number };
  lines: readonly ReportLine[];
  annotations: readonly Annotation[];
}

const WIDTH = 960;
const HEIGHT = 360;
const PAD = { left: 56, right: 56, top: 16, bottom: 32 };

/**
 * The session as one HTML file that needs nothing else (no script, no style sheet, no font, no
 * picture from elsewhere), so it opens offline years later: the name and span, the graph as inline
 * SVG (one Y axis per unit, left then right, a numbered dashed line per annotation) and the list of
 * annotations and notes with what each changed.
 */
export function brewReportHtml(report: BrewReport): string {
  const { from, to } = report.span;
  const time = (at: number) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  const x = (at: number) => PAD.left + ((at - from) / Math.max(1, to - from)) * (WIDTH - PAD.left - PAD.right);
  const units = [...new Set(report.lines.map((line) => line.unit))].slice(0, 2);
  const axes = units.map((unit, index) => {
    const values = report.lines
      .filter((line) => line.unit === unit)
      .flatMap((line) => line.points.map(([, value]) => value));
    const low = values.length ? Math.min(...values) : 0;
    const high = values.length ? Math.max(...values) : 1;
    const margin = (high - low || 1) * 0.05;
    return { unit, low: low - margin, high: high + margin, side: index === 0 ? 'left' : 'right' };
  });
  const y = (unit: string, value: number) => {
    const axis = axes.find((one) => one.unit === unit) ?? axes[0];
    return HEIGHT - PAD.bottom - ((value - axis.low) / (axis.high - axis.low)) * (HEIGHT - PAD.top - PAD.bottom);
  };
  const lines = report.lines
    .filter((line) => units.includes(line.unit))
    .map(
      (line) =>
        `<polyline fill="none" stroke="${attr(line.colour)}" stroke-width="1.5" points="${line.points
          .map(([at, value]) => `${x(at).toFixed(1)},${y(line.unit, value).toFixed(1)}`)
          .join(' ')}"><title>${text(line.label)}</title></polyline>`,
    );
  const axisLabels = axes.map((axis) => {
    const at = axis.side === 'left' ? 4 : WIDTH - 4;
    const anchor = axis.side === 'left' ? 'start' : 'end';
    return (
      `<text x="${at}" y="${PAD.top + 10}" text-anchor="${anchor}">${text(`${axis.high.toFixed(1)} ${axis.unit}`)}</text>` +
      `<text x="${at}" y="${HEIGHT - PAD.bottom}" text-anchor="${anchor}">${text(`${axis.low.toFixed(1)} ${axis.unit}`)}</text>`
    );
  });
  const marks = report.annotations.map((annotation, index) => {
    const at = x(Date.parse(annotation.time));
    return `<line x1="${at.toFixed(1)}" x2="${at.toFixed(1)}" y1="${PAD.top}" y2="${HEIGHT - PAD.bottom}" stroke="#6b4fbb" stroke-dasharray="4 3"/><text x="${(at + 2).toFixed(1)}" y="${PAD.top + 10}" fill="#6b4fbb">${index + 1}</text>`;
  });
  const legend = report.lines
    .map((line) => `<li><span style="color:${attr(line.colour)}">■</span> ${text(line.label)}</li>`)
    .join('');
  const items = report.annotations
    .map((annotation, index) => {
      const details = annotationDetails(annotation).map(text);
      const body =
        annotation.kind === 'note'
          ? details.join('<br>')
          : [text(annotationTitle(annotation)), ...details].join('<br>');
      return `<li><b>${index + 1}. ${text(time(Date.parse(annotation.time)))}</b> ${body}</li>`;
    })
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${text(report.name)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1b1b1b}svg{max-width:100%;height:auto;border:1px solid #c9ced6}text{font-size:11px;fill:#333}ul{padding-left:1.2rem}li{margin:.3rem 0}</style></head>
<body><h1>${text(report.name)}</h1><p>${text(`${time(from)} – ${time(to)}`)}</p>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${attr(`Graph of ${report.lines.map((line) => line.label).join(', ')}`)}">
<rect x="${PAD.left}" y="${PAD.top}" width="${WIDTH - PAD.left - PAD.right}" height="${HEIGHT - PAD.top - PAD.bottom}" fill="#fff" stroke="#e3e6ea"/>
${axisLabels.join('')}${marks.join('')}${lines.join('')}
<text x="${PAD.left}" y="${HEIGHT - 8}">${text(time(from))}</text><text x="${WIDTH - PAD.right}" y="${HEIGHT - 8}" text-anchor="end">${text(time(to))}</text>
</svg>
<ul>${legend}</ul>
<h2>Notes and changes</h2>
${items ? `<ul>${items}</ul>` : '<p>None in this span.</p>'}
</body></html>
`;
}

function text(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function attr(value: string): string {
  return text(value).replaceAll('"', '&quot;');
}
