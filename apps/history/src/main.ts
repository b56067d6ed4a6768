import { history, launch } from './entry';

void launch([{ entry: history, variables: process.env }]);
