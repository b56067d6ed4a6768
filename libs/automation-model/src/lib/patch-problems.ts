import { BlockDataError, BlockType, normaliseWrite } from '@eventcast/block-model';
import { DocumentCheck, pathOf } from './document-check';

/**
 * Records the problems of a patch action's `data` at `path`: it must set fields of `type`, with
 * values the controller takes, as the controller checks a patch (`normaliseWrite`). Links are
 * checked against the blocks of controller `linksOn` when the live view knows it; a read-only
 * field is refused, since the controller would drop it without a word.
 */
export function checkPatchData(
  check: DocumentCheck,
  value: unknown,
  path: string,
  type: BlockType,
  linksOn: string | undefined,
): void {
  const data = check.record(value, path, 'must be an object of the fields to set, such as {"storedSetting": 20}');
  if (data === undefined) return;
  if (Object.keys(data).length === 0) {
    check.add(path, 'must set at least one field');
    return;
  }
  const { context } = check;
  const resolveLink =
    context === undefined || linksOn === undefined ? undefined : (id: string) => context.blockType(linksOn, id);
  try {
    normaliseWrite(type, data, { resolveLink });
  } catch (error) {
    if (!(error instanceof BlockDataError)) throw error;
    // normaliseWrite names its problems from `data`, as the controller's answer does.
    for (const problem of error.fieldProblems)
      check.add(`${path}${problem.path.slice('data'.length)}`, problem.message);
  }
  for (const key of Object.keys(data)) {
    if (type.shape.byName.get(key.split('[')[0])?.field.readonly) {
      check.add(pathOf(path, key), `is read-only: ${type.name} sets it itself`);
    }
  }
}
