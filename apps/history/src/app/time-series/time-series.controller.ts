import { Readable } from 'node:stream';
import { Body, Controller, DefaultValuePipe, HttpCode, Post, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiOkResponse,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ValidatedBodyPipe } from '@eventcast/bootstrap';
import { CsvQueryDto } from './dto/csv-query.dto';
import { FieldSeriesDto } from './dto/field-series.dto';
import { FieldsQueryDto } from './dto/fields-query.dto';
import { LatestValueDto } from './dto/latest-value.dto';
import { MetricsQueryDto } from './dto/metrics-query.dto';
import { RangesQueryDto } from './dto/ranges-query.dto';
import { EXAMPLES } from './time-series.examples';
import { TimeSeriesService } from './time-series.service';

/** The query API below `/history/timeseries`. */
@ApiTags('timeseries')
@ApiBadRequestResponse({
  description:
    'The body is invalid; the message names each field at fault (one problem per field) and each key that is not a field',
})
@ApiServiceUnavailableResponse({ description: 'The time-series store could not answer; the message names the reason' })
@Controller()
export class TimeSeriesController {
  constructor(private readonly timeseries: TimeSeriesService) {}

  /** Names of the fields that have values within `duration`, sorted. */
  @Post('fields')
  @HttpCode(200)
  @ApiBody({ type: FieldsQueryDto, required: false, examples: { 'the last day': { value: EXAMPLES.fields } } })
  @ApiOkResponse({ type: [String], example: EXAMPLES.fieldsAnswer })
  fields(
    @Body(new DefaultValuePipe({}), new ValidatedBodyPipe(FieldsQueryDto)) query: FieldsQueryDto,
  ): Promise<string[]> {
    return this.timeseries.fields(query);
  }

  /** The values of each field averaged into at most `points` buckets aligned on multiples of the bucket width from the epoch. */
  @Post('ranges')
  @HttpCode(200)
  @ApiBody({ type: RangesQueryDto, examples: { 'the last hour in 100 points': { value: EXAMPLES.ranges } } })
  @ApiOkResponse({ type: [FieldSeriesDto], example: EXAMPLES.rangesAnswer })
  ranges(@Body(new ValidatedBodyPipe(RangesQueryDto)) query: RangesQueryDto): Promise<FieldSeriesDto[]> {
    return this.timeseries.ranges(query);
  }

  /** The latest value of each field within `duration`; fields without one are left out. */
  @Post('metrics')
  @HttpCode(200)
  @ApiBody({ type: MetricsQueryDto, examples: { 'values of the last 10 minutes': { value: EXAMPLES.metrics } } })
  @ApiOkResponse({ type: [LatestValueDto], example: EXAMPLES.metricsAnswer })
  metrics(@Body(new ValidatedBodyPipe(MetricsQueryDto)) query: MetricsQueryDto): Promise<LatestValueDto[]> {
    return this.timeseries.metrics(query);
  }

  /** Every stored value of the fields in the range as CSV (RFC 4180), streamed: one row per time, an empty cell where a field has no value. */
  @Post('csv')
  @HttpCode(200)
  @ApiBody({ type: CsvQueryDto, examples: { 'one hour with ISO 8601 times': { value: EXAMPLES.csv } } })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'text/csv', schema: { type: 'string', example: EXAMPLES.csvAnswer } })
  csv(@Body(new ValidatedBodyPipe(CsvQueryDto)) query: CsvQueryDto): StreamableFile {
    const plan = this.timeseries.planCsv(query);
    return new StreamableFile(Readable.from(this.timeseries.csvLines(plan)), {
      type: 'text/csv; charset=utf-8',
      disposition: 'attachment; filename="history.csv"',
    });
  }
}
