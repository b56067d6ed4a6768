import { BLOCK_CATALOGUE, typeText } from '@eventcast/block-model';
import type { InputOption } from '../../common/block-form';

/** Block types as a select offers them: by their titles (`Setpoint`), each sending the API's type name. */
export function typeOptions(names: readonly string[]): InputOption[] {
  return names
    .map((name) => ({ value: name, label: typeText(name).label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The types a user may create: every type of the catalogue but those of the system blocks. */
export const CREATABLE_TYPES: readonly InputOption[] = typeOptions(
  [...BLOCK_CATALOGUE.values()].filter((type) => type.system === undefined).map(({ name }) => name),
);
