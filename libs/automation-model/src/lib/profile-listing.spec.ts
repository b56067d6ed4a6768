import { aProfile } from './automation-documents.fixtures';
import { listedProfile } from './profile-listing';

const START = Date.parse('2026-03-01T08:00:00Z');
const DAY = 86_400_000;

describe(listedProfile.name, () => {
  it('lists a stopped profile as not running, without a planned setting', () => {
    expect(listedProfile(aProfile(), START)).toEqual({ ...aProfile(), running: false });
  });

  it('lists a started profile as running, with the setting its plan gives at the time of the list', () => {
    const started = aProfile({ startedAt: new Date(START).toISOString() });
    expect(listedProfile(started, START + DAY)).toEqual({ ...started, running: true, plannedSetting: 20 });
    // A day into the ramp from 20 °C to 22 °C over two days.
    expect(listedProfile(started, START + 8 * DAY).plannedSetting).toBe(21);
  });

  it('lists a profile whose start is still to come as running, with no planned setting yet', () => {
    const waiting = aProfile({ startedAt: new Date(START + DAY).toISOString() });
    expect(listedProfile(waiting, START)).toEqual({ ...waiting, running: true });
  });

  it('lists a document that is no profile with its problems', () => {
    const broken = aProfile({ steps: [], startedAt: new Date(START).toISOString() });
    expect(listedProfile(broken, START)).toEqual({
      ...broken,
      running: true,
      problems: ['steps: must be a list of at least one step, the first a hold'],
    });
  });
});
