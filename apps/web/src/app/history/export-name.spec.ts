import { exportFileName } from './export-name';

describe(exportFileName.name, () => {
  const span = { from: Date.UTC(2026, 10, 26, 3, 30), to: Date.UTC(2026, 10, 27, 3, 30) };
  const spanPart = '2026-11-26T03-30-00Z_2026-11-27T03-30-00Z';

  it('names the file by the open saved view and the span', () => {
    expect(exportFileName({ viewName: 'Fermenter 1: lager', fieldLabels: ['Beer'], span }, 'png')).toBe(
      `Fermenter-1-lager_${spanPart}.png`,
    );
  });

  it('names the file by the fields when no saved view is open', () => {
    expect(exportFileName({ fieldLabels: ['Beer', 'fermenter/pressure[bar]'], span }, 'csv')).toBe(
      `Beer+fermenter-pressure-bar_${spanPart}.csv`,
    );
  });

  it('names two fields and counts the others, so the name stays short', () => {
    expect(exportFileName({ fieldLabels: ['Beer', 'Fridge', 'Heater', 'Cooler'], span }, 'csv')).toBe(
      `Beer+Fridge+2-more_${spanPart}.csv`,
    );
    const long = exportFileName({ viewName: 'x'.repeat(200), fieldLabels: [], span }, 'png');
    expect(long.length).toBeLessThan(100);
  });

  it('keeps only what every file system takes, letters of any language included', () => {
    expect(exportFileName({ viewName: '../Gärtank \\ "B"*?', fieldLabels: [], span }, 'png')).toBe(
      `Gärtank-B_${spanPart}.png`,
    );
    expect(exportFileName({ viewName: '///', fieldLabels: [], span }, 'png')).toBe(`history_${spanPart}.png`);
  });
});
