/**
 * Why a call could not be done, as services and utils say it. Each transport maps these classes in
 * one place (`DomainErrorFilter` and `wsErrorFrame` in `@eventcast/bootstrap`, docs/decisions.md):
 * HTTP to a status, MQTT to a log line, WebSocket to an error frame. `problems` lists each thing
 * wrong when there are several; the message joins them.
 */
export abstract class DomainError extends Error {
  readonly problems?: readonly string[];

  constructor(reason: string | readonly string[]) {
    super(typeof reason === 'string' ? reason : reason.join('; '));
    if (typeof reason !== 'string') this.problems = [...reason];
    this.name = new.target.name;
  }
}

/** The thing a call names does not exist. */
export class NotFoundError extends DomainError {}

/** The call clashes with what exists: an id taken, a system block that cannot be changed that way. */
export class ConflictError extends DomainError {}

/** A query or body the service cannot take: a field missing, of the wrong kind, or out of range. */
export class BadRequestError extends DomainError {}

/** A body or document larger than the service takes. */
export class TooLargeError extends DomainError {}

/** A block change the device refused although the request was valid when checked. */
export class RefusedChangeError extends DomainError {}

/** A store or service the call needs cannot be reached or did not answer; nothing was changed. */
export class StoreUnavailableError extends DomainError {}
