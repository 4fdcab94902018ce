/**
 * The sign-in forms check for empty fields themselves (they are `noValidate`): the browser's own
 * tooltip would speak the browser's language, not the page's. Answers the names left empty.
 */
export const emptyFields = (form: HTMLFormElement, names: readonly string[]) => {
  const data = new FormData(form);
  return names.filter((n) => !String(data.get(n) ?? '').trim());
};

/** A field's error props while it is in `missing`. */
export const missingProps = (missing: readonly string[], name: string, message: string) =>
  missing.includes(name) ? { error: true, helperText: message } : {};
