import { launch, serviceEntry, startServices } from '@eventcast/bootstrap';
import { readHistoryConfig } from './config/history.config';
import { historyService } from './history-service';

/** The history service as a process that runs several services takes it (docs/deployment.md, "One process"). */
export const history = serviceEntry(readHistoryConfig, historyService);
export { launch, startServices };
