/** Notifications' face: the per-kind settings that the settings page shows. */
export { NotificationSettingsSection } from './components/notification-settings';
