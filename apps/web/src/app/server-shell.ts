/**
 * The page the server sent before the app ran (index.html's page shell: the skeleton, or a page's
 * fixed top band). Until the first page's chunk has arrived, the layout shows this same markup as
 * its placeholder instead of a skeleton, so the first screen goes from the server's HTML to the page
 * without a flash in between. Later navigations use the ordinary placeholder.
 */
let shell: string | null = null;

/** Remembers the markup of the server's `<main>` inside the app's root, before React replaces it. */
export function keepServerShell(root: HTMLElement): void {
  const main = root.querySelector('main');
  shell = main && main.children.length > 0 ? main.innerHTML : null;
}

/** The server's markup while the first page is still loading, else null. */
export function serverShell(): string | null {
  return shell;
}

/** Called once the first page has rendered: from then on placeholders are the app's own. */
export function serverShellDone(): void {
  shell = null;
}
