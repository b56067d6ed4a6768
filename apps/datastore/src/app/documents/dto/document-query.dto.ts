import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { DOCUMENT_ID_PATTERN, DOCUMENT_ID_RULE, given, NAMESPACE_PATTERN, NAMESPACE_RULE } from '@eventcast/domain';
import { MAX_FILTER_LENGTH, MAX_IDS_PER_CALL } from '../document-limits';

/** Documents of exactly one namespace, by id and/or glob (`mget`, `mdelete`). */
export class DocumentQueryDto {
  /** The namespace: letters, digits, `_`, `-`, `.`, `~` and `:`; may be empty. Sub-namespaces are not included. */
  @IsString()
  @Matches(NAMESPACE_PATTERN, { message: NAMESPACE_RULE })
  namespace!: string;

  /** Ids of documents (letters, digits, `_`, `-`, `.`, `~`), answered in this order. */
  @ApiPropertyOptional({ maxItems: MAX_IDS_PER_CALL })
  @ValidateIf(given)
  @IsArray()
  @ArrayMaxSize(MAX_IDS_PER_CALL)
  @IsString({ each: true, message: '$property must hold strings only' })
  @Matches(DOCUMENT_ID_PATTERN, { each: true, message: `each id ${DOCUMENT_ID_RULE}` })
  ids?: string[];

  /**
   * A glob over ids: `*` any run, `?` one character, `[abc]` or `[a-z]` one of a set, `[!a]` or
   * `[^a]` one outside it, `\` takes the next character literally. Matches are sorted by id.
   */
  @ValidateIf(given)
  @IsString()
  @MaxLength(MAX_FILTER_LENGTH)
  filter?: string;
}
