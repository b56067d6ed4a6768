import { PROFILES_NAMESPACE, RULES_NAMESPACE } from '@eventcast/automation-model';
import { BadRequestError, type DatastoreDocument } from '@eventcast/domain';
import { InMemoryAutomationDatastore } from '../../../test/fakes/in-memory-automation-datastore';
import { AutomationDocuments } from './automation-documents.service';

const rule = { namespace: RULES_NAMESPACE, id: 'fridge-warm', title: 'Fridge warm' };
const profile = { namespace: PROFILES_NAMESPACE, id: 'ale', title: 'Ale' };

/** The documents service on `datastore`, started, with every change its listeners hear. */
function started(datastore: InMemoryAutomationDatastore) {
  const documents = new AutomationDocuments(datastore);
  const heard: Array<[string, string, DatastoreDocument | undefined]> = [];
  documents.onChange((namespace, id, document) => heard.push([namespace, id, document]));
  documents.onApplicationBootstrap();
  return { documents, heard };
}

describe(AutomationDocuments.name, () => {
  afterEach(() => jest.useRealTimers());

  it('reads the rules and profiles at start and tells its listeners of each', async () => {
    const { documents, heard } = started(new InMemoryAutomationDatastore([rule, profile]));
    await documents.ready();
    expect(documents.documents(RULES_NAMESPACE)).toEqual([rule]);
    expect(documents.documents(PROFILES_NAMESPACE)).toEqual([profile]);
    expect(heard).toEqual([
      [RULES_NAMESPACE, 'fridge-warm', rule],
      [PROFILES_NAMESPACE, 'ale', profile],
    ]);
  });

  it('follows the datastore’s change and delete events of its namespaces, and no other', async () => {
    const { documents, heard } = started(new InMemoryAutomationDatastore());
    await documents.ready();
    const changed = { ...rule, title: 'Fridge too warm' };
    documents.follow({ changed: [changed, { namespace: 'svc-automation:other', id: 'x' }] });
    expect(documents.find(RULES_NAMESPACE, 'fridge-warm')).toEqual(changed);
    expect(documents.documents('svc-automation:other')).toEqual([]);
    documents.follow({ deleted: ['svc-automation:rules:fridge-warm', 'svc-automation:rules:sub:fridge-warm'] });
    expect(documents.documents(RULES_NAMESPACE)).toEqual([]);
    expect(heard).toEqual([
      [RULES_NAMESPACE, 'fridge-warm', changed],
      [RULES_NAMESPACE, 'fridge-warm', undefined],
    ]);
  });

  it('drops what is not a change event without a word to its listeners', async () => {
    const { documents, heard } = started(new InMemoryAutomationDatastore([rule]));
    await documents.ready();
    documents.follow('not json');
    documents.follow({ changed: [{ id: 'no namespace' }] });
    expect(heard).toHaveLength(1);
    expect(documents.documents(RULES_NAMESPACE)).toEqual([rule]);
  });

  it('applies the events that arrive during the first read after it, so none is lost to the read', async () => {
    const datastore = new InMemoryAutomationDatastore([rule]);
    const documents = new AutomationDocuments(datastore);
    const renamed = { ...rule, title: 'renamed while the read was on its way' };
    // The read answers with the old rule, but the change event of a later write arrived first.
    datastore.beforeRead = () => {
      datastore.beforeRead = undefined;
      documents.follow({ changed: [renamed] });
    };
    documents.onApplicationBootstrap();
    await documents.ready();
    expect(documents.find(RULES_NAMESPACE, 'fridge-warm')).toEqual(renamed);
  });

  it('reads again every 2 s until the datastore answers', async () => {
    jest.useFakeTimers();
    const datastore = new InMemoryAutomationDatastore([profile]);
    datastore.reachable = false;
    const { documents } = started(datastore);
    await jest.advanceTimersByTimeAsync(4000);
    expect(documents.documents(PROFILES_NAMESPACE)).toEqual([]);
    const tries = datastore.calls;
    datastore.reachable = true;
    await jest.advanceTimersByTimeAsync(2000);
    await documents.ready();
    expect(documents.documents(PROFILES_NAMESPACE)).toEqual([profile]);
    expect(tries).toBeGreaterThanOrEqual(4);
    documents.onApplicationShutdown();
  });

  it('tells its listeners what a read again finds changed, and nothing else', async () => {
    const datastore = new InMemoryAutomationDatastore([rule, profile]);
    const { documents, heard } = started(datastore);
    await documents.ready();
    heard.length = 0;
    // Missed while the broker was away: the rule deleted, the profile unchanged.
    datastore.stored.delete('svc-automation:rules:fridge-warm');
    await documents.resync();
    expect(heard).toEqual([[RULES_NAMESPACE, 'fridge-warm', undefined]]);
  });

  it('saves and removes documents through the datastore and shows them at once, telling its listeners once', async () => {
    const datastore = new InMemoryAutomationDatastore();
    const { documents, heard } = started(datastore);
    await documents.ready();
    await expect(documents.save(profile)).resolves.toEqual(profile);
    expect(datastore.stored.get('svc-automation:profiles:ale')).toEqual(profile);
    // The datastore's change event of that write comes back: no news.
    documents.follow({ changed: [profile] });
    await expect(documents.remove(PROFILES_NAMESPACE, 'ale')).resolves.toBe(true);
    await expect(documents.remove(PROFILES_NAMESPACE, 'ale')).resolves.toBe(false);
    expect(datastore.stored.size).toBe(0);
    expect(heard).toEqual([
      [PROFILES_NAMESPACE, 'ale', profile],
      [PROFILES_NAMESPACE, 'ale', undefined],
    ]);
  });

  it('refuses to save into a namespace that is not its own, and stores nothing', async () => {
    const datastore = new InMemoryAutomationDatastore();
    const { documents } = started(datastore);
    await documents.ready();
    const save = documents.save({ namespace: 'svc-ui-store', id: 'x' });
    await expect(save).rejects.toBeInstanceOf(BadRequestError);
    await expect(save).rejects.toThrow('namespace must be one of svc-automation:rules, svc-automation:profiles');
    expect(datastore.stored.size).toBe(0);
  });

  it('stops telling a listener once it is removed', async () => {
    const documents = new AutomationDocuments(new InMemoryAutomationDatastore());
    const heard: string[] = [];
    const stop = documents.onChange((_namespace, id) => heard.push(id));
    documents.onApplicationBootstrap();
    await documents.ready();
    documents.follow({ changed: [rule] });
    stop();
    documents.follow({ changed: [profile] });
    expect(heard).toEqual(['fridge-warm']);
  });
});
