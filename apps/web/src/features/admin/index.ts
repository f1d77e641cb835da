/** Admin's face: the admin area's frame, which other features' admin pages sit in; the router reaches its pages. */
export { AdminOnly } from './components/admin-only';
