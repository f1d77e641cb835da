/**
 * Replies the server put in the page's HTML for its first screen (`<script type="application/json"
 * id="initial-replies">`: `[{ "url": "/content/…", "body": … }]`), so that screen is drawn without
 * waiting for a request after the app has started. They are what a signed-out visitor gets from the
 * same GET, so they are used only by a signed-out visitor, each once; any later call goes to the server.
 */
const replies = new Map<string, unknown>();

/** The replies, with those of a data block still in the document read (and the block removed) first. */
function read(): Map<string, unknown> {
  const element = typeof document === 'undefined' ? null : document.getElementById('initial-replies');
  if (!element) return replies;
  element.remove();
  try {
    const list = JSON.parse(element.textContent ?? '[]') as unknown;
    if (Array.isArray(list)) {
      for (const entry of list as { url?: unknown; body?: unknown }[]) {
        if (typeof entry?.url === 'string' && entry.body !== undefined) replies.set(entry.url, entry.body);
      }
    }
  } catch {
    // Unreadable: every call goes to the server.
  }
  return replies;
}

/** The page's reply for a signed-out GET of `url` (under the API base, with its query), once; else undefined. */
export function takeInitialReply(url: string): unknown {
  const all = read();
  const body = all.get(url);
  if (body !== undefined) all.delete(url);
  return body;
}

/** Forgets the page's replies (a sign-in makes them another person's view). */
export function dropInitialReplies(): void {
  read().clear();
}
