import { controller, launch } from './entry';

void launch([{ entry: controller, variables: process.env }]);
