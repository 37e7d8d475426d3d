// Reading parsed JSON of unknown shape: whether a value is a plain object whose fields can be read by name.

/** A JSON object (not null, not an array): its fields may be read, each still of unknown type. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
