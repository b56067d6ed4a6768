import { launch } from '@eventcast/bootstrap';
import { readHistoryConfig } from './config/history.config';
import { historyService } from './history-service';

void launch(readHistoryConfig, historyService);
