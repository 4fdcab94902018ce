/** A value worked out on first use, then kept. */
export const once = <T>(make: () => T) => {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
};

/** A value, or what works it out when it is first needed. */
export type Later<T> = T | (() => T);
