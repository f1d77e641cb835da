import { NOTIFICATION_KINDS, type NotificationKind } from '@atelier/shared';
import { Spinner } from '../../../components/ui';
import { useGetNotificationSettingsQuery, useUpdateNotificationSettingsMutation } from '../notifications-api';
import '../notifications.css';

const KIND_LABELS: Record<NotificationKind, string> = {
  comment: 'Comments on my work',
  reply: 'Replies to my comments',
  like: 'Likes of my work',
  follow: 'New followers',
  remix: 'Remixes of my work',
  application: 'Applications to my jobs',
  'application-status': 'Changes to my applications',
  generation: 'Finished and failed generations',
  mention: 'Mentions of me in comments',
  moderation: 'Moderation of my work and reports',
};

/** Per kind: shown in the app, sent by email (emails are batched, at most one per kind per 15 minutes). */
export function NotificationSettingsSection() {
  const { data, isLoading, isError } = useGetNotificationSettingsQuery();
  const [update] = useUpdateNotificationSettingsMutation();
  if (isLoading) return <Spinner size="sm" label="Loading notification settings" />;
  if (isError || !data) return <p className="settings-help">Notification settings could not be loaded.</p>;
  const settings = data.data;
  return (
    <>
      {!data.emailNotifications && (
        <p className="settings-help">Email notifications are off for your account, so none of these are emailed.</p>
      )}
      <table className="notification-settings">
        <thead>
          <tr>
            <th scope="col">Notify me of</th>
            <th scope="col">In the app</th>
            <th scope="col">By email</th>
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row">{KIND_LABELS[kind]}</th>
              <td>
                <input
                  type="checkbox"
                  aria-label={`${KIND_LABELS[kind]} in the app`}
                  checked={settings[kind].inApp}
                  onChange={(e) => void update({ [kind]: { inApp: e.target.checked } })}
                />
              </td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`${KIND_LABELS[kind]} by email`}
                  checked={settings[kind].email}
                  disabled={!data.emailNotifications}
                  onChange={(e) => void update({ [kind]: { email: e.target.checked } })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
