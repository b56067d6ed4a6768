/** A controller's service id (`SERVICE_ID`): what its topics, its history fields and its annotations are named by. */
export const SERVICE_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/** Says what `SERVICE_ID_PATTERN` asks for. */
export const SERVICE_ID_RULE = 'lower-case letters, digits, _ or - (at most 63), starting with a letter or digit';
