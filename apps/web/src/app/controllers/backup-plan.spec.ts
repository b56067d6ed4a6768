import type { Block } from '@eventcast/domain';
import { backupFileName, backupPlan, readBackup, type Backup } from './backup-plan';

const link = (id: string) => ({ __objtype: 'Link', type: 'ActuatorPwm', id });
const block = (id: string, type: string, data: Record<string, unknown> = {}): Block => ({
  id,
  serviceId: 'controller-1',
  type,
  data,
});
const pid = (outputId: string) => block('Heater PID', 'Pid', { kp: 20, outputId: link(outputId) });
const pwm = block('Heater PWM', 'ActuatorPwm', { period: 4, enabled: true });
const system = block('SystemInfo', 'SysInfo', { uptime: 10 });
const backup = (blocks: Backup['blocks']): Backup => ({
  blocks,
  store: [],
  serviceId: 'controller-1',
  timestamp: '2026-11-26T03:30:00.123Z',
});

describe('backupPlan', () => {
  it('removes the blocks the file lacks, adds those the controller lacks and changes those whose data differ', () => {
    const current = [system, pid(''), block('Spare', 'TempSensorMock')];
    expect(backupPlan(current, backup([system, pid('Heater PWM'), pwm]))).toEqual({
      remove: ['Spare'],
      add: ['Heater PWM'],
      change: ['Heater PID'],
    });
  });

  it('reads the same data in another key order as unchanged', () => {
    const reordered = { ...pwm, data: { enabled: true, period: 4 } };
    expect(backupPlan([pwm], backup([reordered]))).toEqual({ remove: [], add: [], change: [] });
  });

  it('never removes or adds a system block', () => {
    expect(backupPlan([system], backup([]))).toEqual({ remove: [], add: [], change: [] });
    expect(backupPlan([], backup([system]))).toEqual({ remove: [], add: [], change: [] });
  });

  it('counts a block of another type under the same name as changed', () => {
    const other = { ...pwm, type: 'DigitalActuator' };
    expect(backupPlan([pwm], backup([other])).change).toEqual(['Heater PWM']);
  });
});

describe('backupFileName', () => {
  it('names the file by controller and the second it was made, without colons', () => {
    expect(backupFileName(backup([]), 'cellar')).toBe('controller-1-2026-11-26T03-30-00Z.json');
  });
});

describe('readBackup', () => {
  it('takes an object with lists of blocks and store', () => {
    expect(readBackup(JSON.stringify(backup([pwm])))).toEqual(backup([pwm]));
  });

  it('says why a file is not a backup', () => {
    expect(readBackup('{"blocks": [')).toBe('The file is not JSON.');
    expect(readBackup('{"block": [], "store": []}')).toBe(
      'The file is not a backup: it lacks the lists blocks and store.',
    );
  });
});
