import { automation, launch } from './entry';

void launch([{ entry: automation, variables: process.env }]);
