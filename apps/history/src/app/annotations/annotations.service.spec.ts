import { BadRequestError } from '@eventcast/domain';
import { AnnotationQuery, TimeSeriesStore } from '@eventcast/time-series-store';
import { HistoryIngestService } from '../ingest/history-ingest.service';
import { AnnotationsService, scopeOfField } from './annotations.service';

describe(AnnotationsService.name, () => {
  let asked: AnnotationQuery[];
  let service: AnnotationsService;

  beforeEach(() => {
    asked = [];
    const store = { annotations: async (query: AnnotationQuery) => (asked.push(query), []) };
    service = new AnnotationsService(store as unknown as TimeSeriesStore, {} as HistoryIngestService);
  });

  it("reads a field's annotations from the block that published it", () => {
    expect(scopeOfField('fermenter/Beer setpoint/setting[degC]')).toEqual({
      controller: 'fermenter',
      block: 'Beer setpoint',
    });
    expect(scopeOfField('fermenter/Beer setpoint/a/b')).toEqual({ controller: 'fermenter', block: 'Beer setpoint' });
    expect(scopeOfField('svc/uptime')).toEqual({ controller: 'svc' });
  });

  it('asks the store for the fields, controllers and blocks named, once each or repeated, and the kinds', async () => {
    await service.list({
      start: '2024-05-01T00:00:00Z',
      duration: '1h',
      field: 'fermenter/Beer/value[degC]',
      controller: ['glycol', 'hlt'],
      block: 'kettle/Heater (left)',
      kind: ['patched', 'note'],
      limit: '20',
    });
    expect(asked).toEqual([
      {
        fromUs: Date.UTC(2024, 4, 1) * 1000,
        toUs: Date.UTC(2024, 4, 1, 1) * 1000,
        limit: 20,
        scopes: [
          { controller: 'fermenter', block: 'Beer' },
          { controller: 'glycol' },
          { controller: 'hlt' },
          { controller: 'kettle', block: 'Heater (left)' },
        ],
        kinds: ['patched', 'note'],
      },
    ]);
  });

  it.each([
    [{ kind: 'exploded' }, 'kind must be one of created, written'],
    [{ limit: '0' }, 'limit must be a whole number from 1 to 10000'],
    [{ limit: 'all' }, 'limit must be a whole number'],
    [{ block: 'Heater' }, 'block must read <controller>/<block id>'],
    [{ start: 'yesterday' }, 'start must be an ISO 8601 time'],
  ])('refuses %p, saying why, and asks nothing', async (query, problem) => {
    await expect(service.list(query)).rejects.toThrow(BadRequestError);
    await expect(service.list(query)).rejects.toThrow(problem);
    expect(asked).toEqual([]);
  });
});
