/** When the terms and the privacy policy last changed; shown at the top of both. */
export const POLICIES_LAST_UPDATED = '23 November 2026';
