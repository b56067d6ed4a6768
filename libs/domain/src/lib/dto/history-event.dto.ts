import { IsNotEmpty, IsObject, IsString } from 'class-validator';
import type { HistoryEvent } from '../history-event.type';

/** A history event as published on `eventcast/history/...`. */
export class HistoryEventDto implements HistoryEvent {
  /** First segment of the name of every value of this event, e.g. the publishing service. */
  @IsString()
  @IsNotEmpty()
  key!: string;

  /** Any nested object; each numeric value in it is stored under `<key>/<path>`. */
  @IsObject()
  data!: Record<string, unknown>;
}
