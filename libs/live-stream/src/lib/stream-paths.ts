/*
 * Where the history service serves its streams, for the service and the web app alike. Gateways do
 * not take the global prefix, so each path is whole.
 */

/** The time-series stream: live `ranges` and `metrics` queries by id. */
export const HISTORY_STREAM_PATH = '/history/timeseries/stream';

/** The controllers' state, patch and removed events, relayed from the broker. */
export const CONTROLLER_STREAM_PATH = '/history/controllers/stream';

/**
 * The datastore's change events, relayed from the broker: not below `/history/datastore/`, which the
 * proxies send to the datastore service.
 */
export const DOCUMENTS_STREAM_PATH = '/history/documents/stream';

/** The annotations the history service keeps (controllers' changes, outages, notes), each once it is stored. */
export const ANNOTATIONS_STREAM_PATH = '/history/annotations/stream';
