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

/** A form's `onInput`: the field being typed in is no longer missing. */
export const clearOnInput = (setMissing: (f: (m: string[]) => string[]) => void) => (e: { target: EventTarget }) =>
  setMissing((m) => m.filter((n) => n !== (e.target as HTMLInputElement).name));
