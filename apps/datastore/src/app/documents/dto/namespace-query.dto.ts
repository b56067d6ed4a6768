import { IsString, Matches, ValidateIf } from 'class-validator';
import { given, NAMESPACE_PATTERN, NAMESPACE_RULE } from '@eventcast/domain';

/** Which namespaces to list (`namespaces`). */
export class NamespaceQueryDto {
  /**
   * Only namespaces whose name starts with this text: `svc-ui-store` lists `svc-ui-store`,
   * `svc-ui-store:dashboards` and `svc-ui-store2`; `controller-service:` every controller's. Letters,
   * digits, `_`, `-`, `.`, `~` and `:`, as a namespace. Absent or empty: every namespace.
   */
  @ValidateIf(given)
  @IsString()
  @Matches(NAMESPACE_PATTERN, { message: NAMESPACE_RULE })
  prefix?: string;
}
