/**
 * Two texts of MSG (messages.ts) that the first screen's own code may show (the session check and
 * the theme toggle), in a module of their own: a module lives in one chunk, so the first load takes
 * these two and leaves the rest of MSG to the pages that use it.
 */
export const GET_CURRENT_USER_FAILED = 'Failed to get current user';
export const UPDATE_SETTINGS_FAILED = 'Failed to update settings';
