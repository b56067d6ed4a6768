import { datastore, launch } from './entry';

void launch([{ entry: datastore, variables: process.env }]);
