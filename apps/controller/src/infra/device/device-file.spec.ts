import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeviceFile } from './device-file';

describe(DeviceFile.name, () => {
  let root: string;

  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'device-file-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('reads nothing and no problem before the first write', () => {
    expect(new DeviceFile(join(root, 'device.json')).read()).toEqual({});
  });

  it('reads back the last content written, creating its folder on the first write', () => {
    const file = new DeviceFile<{ blocks: string[] }>(join(root, 'nested', 'device.json'));
    file.write({ blocks: ['a'] });
    file.write({ blocks: ['a', 'b'] });

    expect(new DeviceFile(file.path).read()).toEqual({ content: { blocks: ['a', 'b'] } });
  });

  it('leaves only the file itself in its folder after writes, no temporary files', () => {
    const file = new DeviceFile(join(root, 'device.json'));
    for (let n = 0; n < 5; n++) file.write({ n });

    expect(readdirSync(root)).toEqual(['device.json']);
  });

  it('moves a file that is not JSON aside and says why', () => {
    const path = join(root, 'device.json');
    writeFileSync(path, '{"blocks": [');

    const { content, problem } = new DeviceFile(path).read();

    expect(content).toBeUndefined();
    expect(problem).toMatch(/is not JSON .*moved to .*device\.json\.corrupt-\d+/);
    expect(readdirSync(root)).toEqual([expect.stringMatching(/^device\.json\.corrupt-\d+$/)]);
  });
});
