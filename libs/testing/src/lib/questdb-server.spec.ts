import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeQuestDbVersion, OLDEST_QUESTDB_VERSION, testedQuestDbVersions } from './questdb-server';

describe('the tested QuestDB versions', () => {
  let workspace: string;

  const withCompose = (text: string) => {
    mkdirSync(join(workspace, 'docker'));
    writeFileSync(join(workspace, 'docker', 'compose.yaml'), text);
  };

  beforeEach(() => (workspace = mkdtempSync(join(tmpdir(), 'workspace-'))));
  afterEach(() => rmSync(workspace, { recursive: true, force: true }));

  it('reads the version the Compose deployment pins, and tests it and the oldest supported one', () => {
    withCompose('services:\n  questdb:\n    image: questdb/questdb:9.3.2\n');
    expect(composeQuestDbVersion(workspace)).toBe('9.3.2');
    expect(testedQuestDbVersions(workspace)).toEqual(['9.3.2', OLDEST_QUESTDB_VERSION]);
  });

  it('says so when the deployment pins no QuestDB image', () => {
    withCompose('services:\n  redis:\n    image: redis:7.4-alpine\n');
    expect(() => composeQuestDbVersion(workspace)).toThrow('docker/compose.yaml pins no questdb/questdb image');
  });
});
