import { CONTROLLER_STREAM_PATH, DOCUMENTS_STREAM_PATH, HISTORY_STREAM_PATH } from './stream-paths';
import { expectClientReads } from './stream-contract';

const state = { key: 'cellar', type: 'Controller.state', data: { status: {}, blocks: [], relations: [] } };

/** Frames as the server sends them today, by path. */
const sent = [
  [HISTORY_STREAM_PATH, { id: 'q1', data: [{ field: 'cellar/t', values: [] }] }],
  [HISTORY_STREAM_PATH, { id: 'q1', error: 'query.points must be an integer' }],
  [HISTORY_STREAM_PATH, { error: 'the message is not JSON' }],
  [HISTORY_STREAM_PATH, { id: 'q2', following: true }],
  [HISTORY_STREAM_PATH, { heartbeat: true }],
  [CONTROLLER_STREAM_PATH, state],
  [CONTROLLER_STREAM_PATH, { key: 'cellar', type: 'Controller.state', data: null }],
  [CONTROLLER_STREAM_PATH, { key: 'cellar', type: 'Controller.patch', data: { changed: [], deleted: [] } }],
  [CONTROLLER_STREAM_PATH, { key: 'cellar', type: 'Controller.removed' }],
  [DOCUMENTS_STREAM_PATH, { changed: [{ namespace: 'svc-ui-store', id: 'main', cols: 3 }] }],
  [DOCUMENTS_STREAM_PATH, { deleted: ['units'] }],
] as const;

/** The same frames with one change on the server's side each: the fixture the contract must refuse. */
const changed = [
  [HISTORY_STREAM_PATH, { id: 'q1', result: [] }],
  [HISTORY_STREAM_PATH, { query: 'q1', data: [] }],
  [HISTORY_STREAM_PATH, { id: 'q1', error: { message: 'query.points must be an integer' } }],
  [HISTORY_STREAM_PATH, { id: 'q2', following: 'yes' }],
  [HISTORY_STREAM_PATH, { heartbeat: 1 }],
  [CONTROLLER_STREAM_PATH, { ...state, type: 'Controller.State' }],
  [CONTROLLER_STREAM_PATH, { serviceId: 'cellar', type: 'Controller.state', data: state.data }],
  [CONTROLLER_STREAM_PATH, { key: 'cellar', type: 'Controller.patch', data: null }],
  [CONTROLLER_STREAM_PATH, { event: state }],
  [DOCUMENTS_STREAM_PATH, { changed: [{ namespace: 'svc-ui-store', key: 'main' }] }],
  [DOCUMENTS_STREAM_PATH, { removed: ['units'] }],
  [DOCUMENTS_STREAM_PATH, { deleted: ['units'], at: '2026-11-28T10:00:00Z' }],
] as const;

describe(expectClientReads.name, () => {
  it.each(sent)('accepts what %s sends today: %j', (path, frame) => {
    expect(expectClientReads(path, JSON.stringify(frame))).toEqual(frame);
  });

  it.each(changed)('fails the build when %s sends a changed frame: %j', (path, frame) => {
    expect(() => expectClientReads(path, JSON.stringify(frame))).toThrow(
      `the web app does not read this frame of ${path}`,
    );
  });

  it('fails on a frame that is not JSON', () => {
    expect(() => expectClientReads(HISTORY_STREAM_PATH, 'q1 done')).toThrow();
  });
});
