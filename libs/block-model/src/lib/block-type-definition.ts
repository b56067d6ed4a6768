import { FieldMap } from './fields';
import { BlockInterface } from './interfaces';
import { compileShape, Shape } from './shape';

/** Numeric ids below this one belong to system blocks; user blocks get this one and up. */
export const FIRST_USER_NID = 100;

/** A block that exists from the start under a fixed id and nid and cannot be created or deleted. */
export interface SystemBlock {
  id: string;
  nid: number;
}

/** A block type as declared in the catalogue. */
export interface BlockTypeDeclaration {
  name: string;
  /** Interfaces the type implements besides `Any`, which every type implements. */
  interfaces?: readonly Exclude<BlockInterface, 'Any'>[];
  fields: FieldMap;
  /** Set for the type of a system block. */
  system?: SystemBlock;
  /** True for types whose blocks discovery creates for plugged-in hardware. */
  discoverable?: boolean;
}

/** A declared block type with its fields compiled for the operations on block data. */
export interface BlockType {
  readonly name: string;
  readonly interfaces: readonly BlockInterface[];
  readonly fields: FieldMap;
  readonly system?: SystemBlock;
  readonly discoverable: boolean;
  readonly shape: Shape;
}

/**
 * Declares a block type. Throws on a declaration that cannot work (see `compileShape`), or on a
 * system block whose nid is not below `FIRST_USER_NID`.
 */
export function defineBlockType(declaration: BlockTypeDeclaration): BlockType {
  const { name, system } = declaration;
  if (system !== undefined && !(Number.isInteger(system.nid) && system.nid >= 0 && system.nid < FIRST_USER_NID)) {
    throw new Error(`${name}: a system block's nid must be below ${FIRST_USER_NID}`);
  }
  return {
    name,
    interfaces: declaration.interfaces ?? [],
    fields: declaration.fields,
    system,
    discoverable: declaration.discoverable ?? false,
    shape: compileShape(name, declaration.fields, false),
  };
}
