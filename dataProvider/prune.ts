/** Drops empty inputs ('' and null) from objects, also inside arrays: a form's blank field means "not given". */
export const prune = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(prune);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== '' && v !== null && v !== undefined).map(([k, v]) => [k, prune(v)]));
  }
  return value;
};
