// node-polyglot (react-admin's translator) requires the `object.entries` polyfill, which brings a
// dozen es-shim packages (get-intrinsic, define-properties, ...). Every browser this app supports
// has Object.entries; vite.config.ts points the package here.
module.exports = function entries(o) {
  return Object.entries(o);
};
