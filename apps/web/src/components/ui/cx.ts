/** Joins class names, skipping empty ones; keeps component markup readable without a dependency. */
export function cx(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
