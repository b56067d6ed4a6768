import { launch, serviceEntry, startServices } from '@eventcast/bootstrap';
import { readAutomationConfig } from './config/automation.config';
import { automationService } from './automation-service';

/** The automation service as a process that runs several services takes it (docs/deployment.md, "One process"). */
export const automation = serviceEntry(readAutomationConfig, automationService);
export { launch, startServices };
