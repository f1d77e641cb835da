/**
 * A website as people type it: "alice.example.com" means https://alice.example.com. An address
 * with a scheme keeps it; blank stays blank (no website).
 */
export function normalizeWebsite(value: string): string {
  const v = value.trim();
  if (v === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(v)) return v;
  return `https://${v.replace(/^\/+/, '')}`;
}

/** An http(s) address with a host that has a dot (example.com), after normalizeWebsite. */
export function isWebsite(value: string): boolean {
  if (value === '') return true;
  if (!/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value)) return false;
  try {
    const host = new URL(value).hostname;
    return /^[^.]+(\.[^.]+)+$/.test(host) || host === 'localhost';
  } catch {
    return false;
  }
}

export const WEBSITE_INVALID = 'Enter a website address like alice.example.com';
