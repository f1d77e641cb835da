/** Moderation's face: the report and block buttons other features put in their menus, and the open-report count. */
export { ReportButton } from './components/report-button';
export { BlockButton } from './components/block-button';
export { BlockedPeopleSection } from './components/blocked-people';
