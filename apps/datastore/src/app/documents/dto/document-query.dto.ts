import { DOCUMENT_ID_PATTERN, DOCUMENT_ID_RULE, NAMESPACE_PATTERN, NAMESPACE_RULE } from '@eventcast/domain';
import { ArrayMaxSize, IsArray, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { MAX_FILTER_LENGTH, MAX_IDS_PER_CALL } from '../document-limits';

/** Documents of exactly one namespace, by id and/or glob (`mget`, `mdelete`). */
export class DocumentQueryDto {
  /** The namespace; sub-namespaces are not included. May be empty. */
  @IsString()
  @Matches(NAMESPACE_PATTERN, { message: NAMESPACE_RULE })
  namespace!: string;

  /** Ids of documents, at most 1000. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_IDS_PER_CALL)
  @IsString({ each: true })
  @Matches(DOCUMENT_ID_PATTERN, { each: true, message: `each id ${DOCUMENT_ID_RULE}` })
  ids?: string[];

  /** A glob over ids: `*` any run, `?` one character, `[abc]`, `[a-z]`, `[!a]` or `[^a]` a set, `\` escapes. */
  @IsOptional()
  @IsString()
  @MaxLength(MAX_FILTER_LENGTH)
  filter?: string;
}
