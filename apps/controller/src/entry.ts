import { launch, serviceEntry, startServices } from '@eventcast/bootstrap';
import { readControllerConfig } from './config/controller.config';
import { controllerService } from './controller-service';

/** The controller service as a process that runs several services takes it (docs/deployment.md, "One process"). */
export const controller = serviceEntry(readControllerConfig, controllerService);
export { launch, startServices };
