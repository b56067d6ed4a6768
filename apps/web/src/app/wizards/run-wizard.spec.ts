import { hardwareOf } from './controller-hardware';
import { fermentDefaults, fermentPlan, type FermentAnswers } from './ferment-plan';
import { runWizard, type WizardWriter } from './run-wizard';
import { freshBlocks } from './wizard.fixtures';

const plan = fermentPlan(
  'fermenter',
  fermentDefaults(hardwareOf(freshBlocks())) as Required<FermentAnswers>,
  'degC',
  Date.UTC(2026, 10, 28),
);

/** A controller and a datastore in memory that log each write, and refuse the one named `refuse`. */
function fakeWriter(existing: string[], refuse = '', refuseUndo = '') {
  const blocks = new Set(existing);
  const documents = new Set<string>();
  const log: string[] = [];
  const refuseIf = (name: string, refused: string) => {
    if (name === refused) throw new Error(`400: ${name} refused`);
  };
  const writer: WizardWriter = {
    blockIds: async () => [...blocks],
    createBlock: async ({ id }) => {
      refuseIf(id, refuse);
      log.push(`create ${id}`);
      blocks.add(id);
    },
    deleteBlock: async (id) => {
      refuseIf(id, refuseUndo);
      log.push(`delete ${id}`);
      blocks.delete(id);
    },
    saveDocument: async ({ id }) => {
      refuseIf(id, refuse);
      log.push(`save ${id}`);
      documents.add(id);
    },
    deleteDocument: async ({ id }) => {
      log.push(`remove ${id}`);
      documents.delete(id);
    },
  };
  return { writer, blocks, documents, log };
}

describe(runWizard.name, () => {
  it('creates the blocks in order, then the quick actions and the dashboard', async () => {
    const fake = fakeWriter(freshBlocks().map(({ id }) => id));
    const steps: string[] = [];

    const outcome = await runWizard(plan, fake.writer, (step) => steps.push(step));

    expect(outcome.state).toBe('done');
    expect(fake.log).toEqual([
      ...plan.blocks.map(({ id }) => `create ${id}`),
      ...plan.actions.map(({ id }) => `save ${id}`),
      `save ${plan.dashboard.id}`,
    ]);
    expect(steps.at(-1)).toBe('dashboard Ferment');
    expect(steps).toContain('quick action Ferment: All off');
  });

  it('writes nothing when a name is taken, and says which', async () => {
    const fake = fakeWriter(['SystemInfo', 'Ferment heater', 'Ferment beer PID']);

    const outcome = await runWizard(plan, fake.writer);

    expect(outcome).toEqual({ state: 'clash', ids: ['Ferment heater', 'Ferment beer PID'] });
    expect(fake.log).toEqual([]);
  });

  it('deletes what it made, in reverse order, when a write fails halfway, and says why', async () => {
    const fake = fakeWriter([], 'Ferment cool PWM');

    const outcome = await runWizard(plan, fake.writer);

    expect(outcome).toEqual({
      state: 'failed',
      reason: 'Ferment cool PWM: 400: Ferment cool PWM refused',
      removed: [
        'Ferment heat PWM',
        'Ferment cooler',
        'Ferment heater',
        'Ferment beer setpoint',
        'Ferment fridge setpoint',
      ],
      leftOver: [],
    });
    expect(fake.blocks.size).toBe(0);
  });

  it('removes the blocks and the quick actions it saved when the dashboard is refused', async () => {
    const fake = fakeWriter([], plan.dashboard.id);

    const outcome = await runWizard(plan, fake.writer);

    expect(outcome.state).toBe('failed');
    expect(fake.blocks.size).toBe(0);
    expect(fake.documents.size).toBe(0);
    expect(fake.log.slice(-2)).toEqual([`delete ${plan.blocks[1].id}`, `delete ${plan.blocks[0].id}`]);
  });

  it('names what it could not delete, and deletes the rest', async () => {
    const fake = fakeWriter([], 'Ferment cool PWM', 'Ferment heater');

    const outcome = await runWizard(plan, fake.writer);

    expect(outcome).toMatchObject({
      state: 'failed',
      leftOver: ['Ferment heater (400: Ferment heater refused)'],
    });
    expect([...fake.blocks]).toEqual(['Ferment heater']);
  });

  it('writes nothing when the controller cannot say which blocks it has', async () => {
    const fake = fakeWriter([]);
    fake.writer.blockIds = () => Promise.reject(new Error('503: offline'));

    const outcome = await runWizard(plan, fake.writer);

    expect(outcome).toEqual({
      state: 'failed',
      reason: "the controller's blocks could not be read: 503: offline",
      removed: [],
      leftOver: [],
    });
    expect(fake.log).toEqual([]);
  });
});
