import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/errors';
import { Badge, Button, Card } from '../../../components/ui';
import { useAdminRevokeApiKeyMutation, useGetAdminApiKeysQuery } from '../developers-api';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatWhen = (iso: string) => dateTime.format(new Date(iso));

/** An account's API keys for an admin, who can revoke any of them (recorded in the audit trail). */
export function AdminApiKeysCard({ userId }: { userId: string }) {
  const keys = useGetAdminApiKeysQuery(userId);
  const [revoke, { isLoading }] = useAdminRevokeApiKeyMutation();
  const onRevoke = async (id: string, name: string) => {
    if (!window.confirm(`Revoke “${name}”? Scripts using it stop working at once.`)) return;
    try {
      await revoke(id).unwrap();
      toast.success('API key revoked');
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to revoke the key'));
    }
  };
  return (
    <Card as="section" aria-labelledby="api-keys-title" className="dashboard-block">
      <h2 id="api-keys-title" className="dashboard-block__title">
        API keys
      </h2>
      {keys.isError ? (
        <p role="alert">{errorMessage(keys.error, 'Failed to load API keys')}</p>
      ) : !keys.data ? (
        <p role="status">Loading API keys…</p>
      ) : keys.data.length === 0 ? (
        <p className="dashboard-muted">No API keys.</p>
      ) : (
        <div className="data-table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Scopes</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((k) => (
                <tr key={k.id}>
                  <td>
                    {k.name} <code>{k.prefix}…</code>
                  </td>
                  <td>{k.scopes.join(', ')}</td>
                  <td>{k.lastUsedAt ? formatWhen(k.lastUsedAt) : 'Never'}</td>
                  <td>
                    {k.revokedAt ? (
                      <Badge tone="warning">Revoked</Badge>
                    ) : (
                      <Button size="sm" variant="danger" isLoading={isLoading} aria-label={`Revoke ${k.name}`} onClick={() => void onRevoke(k.id, k.name)}>
                        Revoke
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
