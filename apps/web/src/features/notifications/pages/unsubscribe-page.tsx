import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui';
import { SitePageMeta } from '../../../components/site-page-meta';
import { errorMessage } from '../../../lib/errors';
import { useUnsubscribeNotificationsMutation } from '../notifications-api';

/**
 * Where an email's unsubscribe link leads: one press stops that kind of email, without signing in.
 * (Mail programs use the List-Unsubscribe header's one-click address instead.)
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [unsubscribe, { data, error, isLoading }] = useUnsubscribeNotificationsMutation();
  return (
    <section className="container auth-page">
      <SitePageMeta path="/notifications/unsubscribe" description="Stop one kind of Atelier notification email." />
      <h1>Unsubscribe</h1>
      <div className="auth-panel">
        {data ? (
          <p role="status">{data.message}. You can change this any time in your settings.</p>
        ) : !token ? (
          <p>This link has no unsubscribe token. Open the link from the email again.</p>
        ) : (
          <>
            <p>Stop receiving this kind of notification email from Atelier?</p>
            <Button isLoading={isLoading} onClick={() => void unsubscribe(token)}>
              Stop these emails
            </Button>
            {error && (
              <p role="alert" className="field__error">
                {errorMessage(error, 'This unsubscribe link is not valid')}
              </p>
            )}
          </>
        )}
        <p>
          <Link to="/settings">Notification settings</Link>
        </p>
      </div>
    </section>
  );
}
