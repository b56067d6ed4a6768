import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ruleProblems, RULES_NAMESPACE, ruleShapeProblems } from '@eventcast/automation-model';
import { ValidatedBodyPipe } from '@eventcast/bootstrap';
import { BadRequestError, type DatastoreDocument } from '@eventcast/domain';
import { AutomationDocuments } from '../documents/automation-documents.service';
import { CountAnswerDto, ProblemsAnswerDto, RuleAnswerDto, RulesAnswerDto } from './dto/rule-answers.dto';
import { RuleBodyDto, RuleRefDto } from './dto/rule-bodies.dto';
import { RuleContexts } from './rule-context';

/** The rules: documents of `svc-automation:rules`, checked before they are saved. */
@ApiTags('rules')
@ApiBadRequestResponse({ description: 'The body is invalid; `message` names each problem. Nothing was saved.' })
@Controller('rules')
export class RulesController {
  constructor(
    private readonly documents: AutomationDocuments,
    private readonly contexts: RuleContexts,
  ) {}

  @Post('list')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Every rule',
    description:
      'The rules as the datastore keeps them, by id; a document that is not a rule (written past this service) comes with its problems.',
  })
  @ApiOkResponse({ type: RulesAnswerDto })
  async list(): Promise<RulesAnswerDto> {
    await this.documents.readWithin();
    return {
      values: this.documents.documents(RULES_NAMESPACE).map((document) => {
        const problems = ruleShapeProblems(document);
        return problems.length === 0 ? document : { ...document, problems };
      }),
    };
  }

  @Post('check')
  @HttpCode(200)
  @ApiOperation({
    summary: 'What is wrong with a rule',
    description: 'Every problem, one message each; saves nothing.',
  })
  @ApiOkResponse({ type: ProblemsAnswerDto })
  async check(@Body(new ValidatedBodyPipe(RuleBodyDto)) body: RuleBodyDto): Promise<ProblemsAnswerDto> {
    return { problems: ruleProblems(body.value, await this.contexts.of(body.value)) };
  }

  @Post('save')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Create or replace a rule',
    description:
      'Checked first (as `check`): a rule with any problem is refused with all of them, and nothing is saved. The service watches it from the moment the datastore announces it.',
  })
  @ApiOkResponse({ type: RuleAnswerDto })
  async save(@Body(new ValidatedBodyPipe(RuleBodyDto)) body: RuleBodyDto): Promise<RuleAnswerDto> {
    const problems = ruleProblems(body.value, await this.contexts.of(body.value));
    if (problems.length > 0) throw new BadRequestError(problems);
    return { value: await this.documents.save(body.value as DatastoreDocument) };
  }

  @Post('delete')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Delete a rule',
    description: 'An open incident of the rule stays open in the list; the rule no longer watches.',
  })
  @ApiOkResponse({ type: CountAnswerDto })
  async remove(@Body(new ValidatedBodyPipe(RuleRefDto)) body: RuleRefDto): Promise<CountAnswerDto> {
    return { count: (await this.documents.remove(RULES_NAMESPACE, body.id)) ? 1 : 0 };
  }
}
