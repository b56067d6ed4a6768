import { brewReportHtml } from './brew-report';

const report = {
  name: 'Brew 12 <IPA> & co',
  span: { from: Date.UTC(2026, 10, 20), to: Date.UTC(2026, 10, 27) },
  lines: [
    {
      label: 'Beer',
      colour: '#1f77b4',
      unit: 'degC',
      points: [
        [Date.UTC(2026, 10, 20), 20],
        [Date.UTC(2026, 10, 27), 4],
      ] as const,
    },
  ],
  annotations: [
    {
      id: 'n',
      time: '2026-11-21T10:00:00.000000Z',
      kind: 'note' as const,
      blocks: [],
      text: 'Pitched "US-05"\nat 18 °C',
    },
  ],
};

describe(brewReportHtml.name, () => {
  it('holds the graph as inline SVG and the notes, with nothing loaded from elsewhere', () => {
    const html = brewReportHtml(report);
    expect(html).toContain('<title>Brew 12 &lt;IPA&gt; &amp; co</title>');
    expect(html).toMatch(/<polyline [^>]*points="56\.0,[\d.]+ 904\.0,[\d.]+"/);
    expect(html).toContain('<b>1. ');
    expect(html).toContain('Pitched "US-05"<br>at 18 °C');
    expect(html).not.toMatch(/<script|<link|src=|url\(/);
  });
});
