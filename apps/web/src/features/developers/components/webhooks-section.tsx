import { useState, type FormEvent } from 'react';
import { toast } from '../../../components/ui/toast';
import {
  createWebhookBody,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type CreatedWebhook,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@atelier/shared';
import { Badge, Button, Checkbox, Field, Input } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import {
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useGetWebhookDeliveriesQuery,
  useGetWebhooksQuery,
  useResendWebhookDeliveryMutation,
  useUpdateWebhookMutation,
} from '../developers-api';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
const formatWhen = (iso: string) => dateTime.format(new Date(iso));

/** Endpoints that hear about generations, purchases, applications and messages, with their delivery log. */
export function WebhooksSection() {
  const endpoints = useGetWebhooksQuery();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  return (
    <>
      <p className="settings-help">
        Atelier POSTs a JSON event to your endpoint, signed the Standard Webhooks way (<code>webhook-id</code>,{' '}
        <code>webhook-timestamp</code>, <code>webhook-signature</code>). A failed delivery is retried with growing waits for
        about a day; an endpoint that keeps failing is turned off and you get an email.
      </p>
      {created && (
        <div className="developers-new-key" role="status">
          <p>
            <strong>Copy the signing secret for {created.endpoint.url} now.</strong> It is shown only once.
          </p>
          <code className="developers-new-key__token" aria-label="Signing secret">
            {created.secret}
          </code>
          <div className="developers-new-key__actions">
            <Button size="sm" variant="secondary" onClick={() => setCreated(null)}>
              I have saved it
            </Button>
          </div>
        </div>
      )}
      <AddEndpointForm onCreated={setCreated} />
      {endpoints.isError && (
        <div className="auth-alert" role="alert">
          {errorMessage(endpoints.error, 'Failed to load your webhook endpoints')}
        </div>
      )}
      {endpoints.data && endpoints.data.length === 0 && <p className="settings-help">You have no webhook endpoints yet.</p>}
      {endpoints.data && endpoints.data.length > 0 && (
        <ul className="developers-endpoints" aria-label="Your webhook endpoints">
          {endpoints.data.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} />
          ))}
        </ul>
      )}
    </>
  );
}

function AddEndpointForm({ onCreated }: { onCreated: (created: CreatedWebhook) => void }) {
  const [createWebhook, { isLoading }] = useCreateWebhookMutation();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [error, setError] = useState<string | undefined>();
  const toggle = (event: WebhookEventType) =>
    setEvents((current) => (current.includes(event) ? current.filter((e) => e !== event) : [...current, event]));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = createWebhookBody.safeParse({ url, events });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      onCreated(await createWebhook(parsed.data).unwrap());
      setUrl('');
      setEvents([]);
    } catch (err) {
      setError(errorMessage(err, 'Failed to add the endpoint'));
    }
  };

  return (
    <form className="auth-form settings-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Add a webhook endpoint">
      <Field label="Endpoint URL" error={error}>
        <Input type="url" value={url} placeholder="https://example.com/atelier-webhooks" onChange={(e) => setUrl(e.target.value)} />
      </Field>
      <fieldset className="developers-scopes">
        <legend>Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <Checkbox
            key={event}
            id={`event-${event}`}
            label={event}
            hint={WEBHOOK_EVENT_LABELS[event]}
            checked={events.includes(event)}
            onChange={() => toggle(event)}
          />
        ))}
      </fieldset>
      <div>
        <Button type="submit" isLoading={isLoading}>
          Add endpoint
        </Button>
      </div>
    </form>
  );
}

function EndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [updateWebhook, updateState] = useUpdateWebhookMutation();
  const [deleteWebhook, deleteState] = useDeleteWebhookMutation();
  const [showLog, setShowLog] = useState(false);

  const setEnabled = async (enabled: boolean) => {
    try {
      await updateWebhook({ id: endpoint.id, body: { enabled } }).unwrap();
      toast.success(enabled ? 'Endpoint turned on' : 'Endpoint turned off');
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to change the endpoint'));
    }
  };
  const remove = async () => {
    if (!window.confirm(`Delete the endpoint ${endpoint.url} and its delivery log?`)) return;
    try {
      await deleteWebhook(endpoint.id).unwrap();
      toast.success('Webhook endpoint deleted');
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to delete the endpoint'));
    }
  };

  return (
    <li className="developers-endpoint">
      <div className="session-list__info">
        <span className="session-list__device">
          <code>{endpoint.url}</code> {endpoint.enabled ? <Badge tone="success">On</Badge> : <Badge tone="warning">Off</Badge>}
        </span>
        <span className="session-list__meta">{endpoint.events.join(', ')}</span>
        {endpoint.disabledReason && (
          <span className="auth-alert" role="alert">
            Turned off {endpoint.disabledAt ? formatWhen(endpoint.disabledAt) : ''}: {endpoint.disabledReason}
          </span>
        )}
      </div>
      <div className="developers-new-key__actions">
        <Button size="sm" variant="secondary" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
          {showLog ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button size="sm" variant="secondary" isLoading={updateState.isLoading} onClick={() => void setEnabled(!endpoint.enabled)}>
          {endpoint.enabled ? 'Turn off' : 'Turn on'}
        </Button>
        <Button size="sm" variant="danger" isLoading={deleteState.isLoading} aria-label={`Delete ${endpoint.url}`} onClick={() => void remove()}>
          Delete
        </Button>
      </div>
      {showLog && <DeliveryLog endpoint={endpoint} />}
    </li>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useGetWebhookDeliveriesQuery(endpoint.id, { pollingInterval: 10_000 });
  const [resend, { isLoading }] = useResendWebhookDeliveryMutation();
  const doResend = async (deliveryId: string) => {
    try {
      await resend({ endpointId: endpoint.id, deliveryId }).unwrap();
      toast.success('Delivery queued');
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to resend'));
    }
  };
  if (deliveries.isLoading) return <p role="status">Loading deliveries…</p>;
  if (!deliveries.data || deliveries.data.length === 0) return <p className="settings-help">Nothing has been sent here yet.</p>;
  return (
    <div className="data-table-wrap">
      <table className="data-table" aria-label={`Deliveries to ${endpoint.url}`}>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.map((d) => (
            <tr key={d.id}>
              <td>
                {d.eventType}
                <br />
                <small>{formatWhen(d.createdAt)}</small>
              </td>
              <td>{d.status === 'pending' && d.nextAttemptAt ? `pending, next try ${formatWhen(d.nextAttemptAt)}` : d.status}</td>
              <td>
                <ol className="developers-attempts">
                  {d.attempts.map((a) => (
                    <li key={a.attempt}>
                      {formatWhen(a.createdAt)} — {a.statusCode ?? 'no answer'}
                      {a.error && a.statusCode === null ? ` (${a.error})` : ''}
                    </li>
                  ))}
                </ol>
              </td>
              <td>
                <Button size="sm" variant="secondary" isLoading={isLoading} disabled={!endpoint.enabled} onClick={() => void doResend(d.id)}>
                  Resend
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
