/** Mounted once in the layout: the global Generate dialog. */
export function GenerateRoot() {
  return null;
}
