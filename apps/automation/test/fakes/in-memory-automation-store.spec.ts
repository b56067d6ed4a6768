import { automationStoreContract } from '../store.contract';
import { InMemoryAutomationStore } from './in-memory-automation-store';

// One instance for every handle: the fake's data lives as long as the instance.
const store = new InMemoryAutomationStore();
automationStoreContract('the in-memory fake of the unit specs', async () => store);
