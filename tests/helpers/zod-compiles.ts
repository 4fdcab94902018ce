import { core } from 'zod';

/**
 * zod compiles an object schema's checks into a function at its first parse, which costs far more
 * than a parse: a schema made per call pays it at every call. Counted here, in the test's process
 * (the server under `inject` shares it).
 */
let compiled = 0;
const compile = core.Doc.prototype.compile;
core.Doc.prototype.compile = function (this: core.Doc) {
  compiled++;
  return compile.call(this);
};

/** How many zod schemas compiled their checks while `fn` ran. */
export const zodCompilesDuring = async (fn: () => Promise<unknown>) => {
  const before = compiled;
  await fn();
  return compiled - before;
};
