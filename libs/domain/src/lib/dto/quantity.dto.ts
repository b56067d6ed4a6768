import { Equals, IsNumber, IsString, ValidateIf } from 'class-validator';
import { Quantity, QUANTITY_OBJTYPE } from '../block-values.util';

/** A value with a unit inside block data. */
export class QuantityDto implements Quantity {
  /** Always `Quantity`. */
  @Equals(QUANTITY_OBJTYPE)
  __objtype!: typeof QUANTITY_OBJTYPE;

  /** The unit, e.g. `degC`, `delta_degF`, `second` or `1 / degC`. */
  @IsString()
  unit!: string;

  /** The value in `unit`; null when invalid or unknown. */
  @ValidateIf((quantity: QuantityDto) => quantity.value !== null)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  value!: number | null;
}
