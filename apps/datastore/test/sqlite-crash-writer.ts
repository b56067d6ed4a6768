// Run as a child process by sqlite-crash.int-spec.ts: writes batches of documents, every document
// of batch n carrying version n, and reports each version written, until it is killed.
// The store's imports reach libs/domain, whose DTOs' decorators need it, as main.ts loads it.
import 'reflect-metadata';
import { SqliteDocumentStore } from '../src/infra/sqlite/sqlite-document-store';

const [file, size] = process.argv.slice(2);
const store = new SqliteDocumentStore(file);

async function writeForever() {
  for (let version = 1; ; version++) {
    await store.setAll(
      Array.from({ length: Number(size) }, (_, i) => ({
        namespace: 'crash',
        id: `d${i}`,
        version,
        padding: 'x'.repeat(200),
      })),
    );
    process.send?.(version);
  }
}

void writeForever();
