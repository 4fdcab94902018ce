import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { oneOf?: { properties?: { data?: unknown } }[] } }> }> }>>; components: unknown };

/**
 * Checks answers against what an OpenAPI document says a call's success carries in `data` (the
 * first branch of its 200 envelope), with ajv on JSON Schema 2020-12 as OpenAPI 3.1 reads it.
 */
export const documentedAnswers = (doc: Doc) => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // ajv-formats is CommonJS: its plugin is the module or its `default`.
  ((addFormats as unknown as { default?: typeof addFormats }).default ?? addFormats)(ajv);
  const compiled = new Map<string, ValidateFunction>();
  const validatorOf = (path: string, method = 'post') => {
    const key = `${method} ${path}`;
    let v = compiled.get(key);
    if (!v) {
      const data = doc.paths[path]?.[method]?.responses['200'].content?.['application/json']?.schema.oneOf?.[0]?.properties?.data;
      if (data === undefined) throw new Error(`${key}: the document gives no success envelope`);
      // `#/components/...` resolves against this root, which carries the document's components.
      v = ajv.compile({ ...(data as object), components: doc.components });
      compiled.set(key, v);
    }
    return v;
  };
  /** The answer's `data` errors against its documented schema; none when it matches. */
  return (path: string, data: unknown) => {
    const v = validatorOf(path);
    return v(data) ? [] : (v.errors ?? []).map((e) => `${path}${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  };
};
