import { launch } from '@eventcast/bootstrap';
import { readControllerConfig } from './config/controller.config';
import { controllerService } from './controller-service';

void launch(readControllerConfig, controllerService);
