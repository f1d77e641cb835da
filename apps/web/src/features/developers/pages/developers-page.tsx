import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast';
import {
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  createApiKeyBody,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@atelier/shared';
import { Badge, Button, Checkbox, Field, Input } from '../../../components/ui';
import { SitePageMeta } from '../../../components/site-page-meta';
import { useAppSelector } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/errors';
import { SignInPrompt } from '../../../lib/sign-in-prompt';
import { useCreateApiKeyMutation, useGetApiKeysQuery, useRevokeApiKeyMutation } from '../developers-api';
import { WebhooksSection } from '../components/webhooks-section';
import '../developers.css';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatWhen = (iso: string) => dateTime.format(new Date(iso));

/** /settings/developers — personal API keys and how to use the API from a script. */
export function DevelopersPage() {
  const isSignedIn = useAppSelector((s) => s.auth.isAuthenticated);
  return (
    <section className="container auth-page settings-page developers-page">
      <SitePageMeta path="/settings/developers" description="Personal API keys and webhooks for scripting Atelier." />
      <p className="developers-page__back">
        <Link to="/settings">← Settings</Link>
      </p>
      <h1>Developers</h1>
      {isSignedIn ? (
        <>
          <ApiKeysSection />
          <Section title="Webhooks">
            <WebhooksSection />
          </Section>
          <ExamplesSection />
        </>
      ) : (
        <SignInPrompt
          title="Sign in to manage your API keys"
          text="Your API keys and webhooks are here once you sign in."
        />
      )}
    </section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="auth-panel settings-section" aria-labelledby={id}>
      <h2 id={id} className="auth-panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ApiKeysSection() {
  const keys = useGetApiKeysQuery();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <Section title="API keys">
      <p className="settings-help">
        A key lets a script call the API as you, limited to the scopes you choose. Send it as{' '}
        <code>Authorization: Bearer atl_…</code>. Keys never work for your password, sessions, account or keys.
      </p>
      {created && <NewKeyNotice created={created} onDone={() => setCreated(null)} />}
      <CreateKeyForm onCreated={setCreated} />
      {keys.isLoading && <p role="status">Loading keys…</p>}
      {keys.isError && (
        <div className="auth-alert" role="alert">
          {errorMessage(keys.error, 'Failed to load your API keys')}{' '}
          <button type="button" className="auth-link" onClick={() => void keys.refetch()}>
            Try again
          </button>
        </div>
      )}
      {keys.data && keys.data.length === 0 && <p className="settings-help">You have no API keys yet.</p>}
      {keys.data && keys.data.length > 0 && (
        <ul className="session-list" aria-label="Your API keys">
          {keys.data.map((key) => (
            <KeyRow key={key.id} apiKey={key} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function NewKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      toast.success('Key copied');
    } catch {
      toast.error('Could not copy; select the key and copy it yourself');
    }
  };
  return (
    <div className="developers-new-key" role="status">
      <p>
        <strong>Copy your new key “{created.key.name}” now.</strong> It is shown only once; Atelier keeps only a hash of
        it.
      </p>
      <code className="developers-new-key__token" aria-label="New API key">
        {created.token}
      </code>
      <div className="developers-new-key__actions">
        <Button size="sm" onClick={() => void copy()}>
          Copy
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </div>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const [createKey, { isLoading }] = useCreateApiKeyMutation();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  // Each message sits under what it is about: the name's under the name, the scopes' under the scopes.
  const [error, setError] = useState<{ name?: string; scopes?: string }>({});

  const toggle = (scope: ApiKeyScope) =>
    setScopes((current) => (current.includes(scope) ? current.filter((s) => s !== scope) : [...current, scope]));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createApiKeyBody.safeParse({ name, scopes });
    if (!parsed.success) {
      const messageOf = (field: string) => parsed.error.issues.find((i) => i.path[0] === field)?.message;
      setError({ name: messageOf('name'), scopes: messageOf('scopes') });
      return;
    }
    setError({});
    try {
      const created = await createKey(parsed.data).unwrap();
      setName('');
      setScopes([]);
      onCreated(created);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to create the key'));
    }
  };

  return (
    <form
      className="auth-form settings-form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-label="Create an API key"
    >
      <Field label="Key name" hint="Where it is used, e.g. “Render farm”." error={error.name}>
        <Input value={name} maxLength={API_KEY_NAME_MAX_LENGTH} onChange={(e) => setName(e.target.value)} />
      </Field>
      <fieldset
        className="developers-scopes"
        aria-invalid={error.scopes ? true : undefined}
        aria-describedby={error.scopes ? 'api-key-scopes-error' : undefined}
      >
        <legend>Scopes</legend>
        {API_KEY_SCOPES.map((scope) => (
          <Checkbox
            key={scope}
            id={`scope-${scope}`}
            label={scope}
            hint={API_KEY_SCOPE_LABELS[scope]}
            checked={scopes.includes(scope)}
            onChange={() => toggle(scope)}
          />
        ))}
        {error.scopes && (
          <p className="field__error" id="api-key-scopes-error" role="alert">
            {error.scopes}
          </p>
        )}
      </fieldset>
      <div>
        <Button type="submit" isLoading={isLoading}>
          Create key
        </Button>
      </div>
    </form>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const [revokeKey, { isLoading }] = useRevokeApiKeyMutation();
  const revoke = async () => {
    if (!window.confirm(`Revoke “${apiKey.name}”? Scripts using it stop working at once.`)) return;
    try {
      await revokeKey(apiKey.id).unwrap();
      toast.success('API key revoked');
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to revoke the key'));
    }
  };
  return (
    <li className="session-list__item">
      <div className="session-list__info">
        <span className="session-list__device">
          {apiKey.name} <code>{apiKey.prefix}…</code>
          {apiKey.revokedAt && <Badge tone="warning">Revoked</Badge>}
        </span>
        <span className="session-list__meta">
          {apiKey.scopes.join(', ')} · Created {formatWhen(apiKey.createdAt)} ·{' '}
          {apiKey.lastUsedAt ? `Last used ${formatWhen(apiKey.lastUsedAt)}` : 'Never used'}
        </span>
      </div>
      {!apiKey.revokedAt && (
        <Button
          variant="danger"
          size="sm"
          isLoading={isLoading}
          aria-label={`Revoke ${apiKey.name}`}
          onClick={() => void revoke()}
        >
          Revoke
        </Button>
      )}
    </li>
  );
}

// Code samples for the reader's own scripts, not requests this app makes.
// eslint-disable-next-line no-restricted-syntax
const CURL_EXAMPLE = `# 1. Generate (an Idempotency-Key makes a retried request charge once)
curl -X POST "$ATELIER/api/v1/content/generate" \\
  -H "Authorization: Bearer $ATELIER_KEY" \\
  -H "Idempotency-Key: 7f1c9e1e-render-0001" \\
  -H "Content-Type: application/json" \\
  -d '{"contentType":"photo","model":"flux-dev","prompt":"A lighthouse at dusk"}'

# 2. Wait for the generation.completed webhook (its data.contentId and data.mediaUrl),
#    or ask: data.status is queued, processing, ready or failed
curl "$ATELIER/api/v1/content/$ID" -H "Authorization: Bearer $ATELIER_KEY"

# 3. Download the file from data.mediaUrl
curl -o lighthouse.png "$ATELIER$MEDIA_URL"`;

// eslint-disable-next-line no-restricted-syntax
const TS_EXAMPLE = `// npm install standardwebhooks — Node 20+, ESM
import { createServer } from 'node:http';
import { writeFile } from 'node:fs/promises';
import { Webhook } from 'standardwebhooks';

const base = process.env.ATELIER!; // e.g. https://atelier.example.com
const auth = { authorization: \`Bearer \${process.env.ATELIER_KEY}\` };
const hook = new Webhook(process.env.ATELIER_WEBHOOK_SECRET!); // whsec_…

// 2. Wait for the webhook: verify the signature, then download the file.
createServer(async (req, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  try {
    const event = hook.verify(body, req.headers as Record<string, string>) as {
      type: string;
      data: { contentId: string; mediaUrl: string | null };
    };
    res.writeHead(204).end();
    if (event.type === 'generation.completed' && event.data.mediaUrl) {
      const file = await fetch(\`\${base}\${event.data.mediaUrl}\`, { headers: auth });
      await writeFile(\`\${event.data.contentId}.png\`, Buffer.from(await file.arrayBuffer()));
    }
  } catch {
    res.writeHead(400).end(); // not signed by Atelier
  }
}).listen(8080);

// 1. Generate; the Idempotency-Key makes a retried request charge once.
const res = await fetch(\`\${base}/api/v1/content/generate\`, {
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
  body: JSON.stringify({ contentType: 'photo', model: 'flux-dev', prompt: 'A lighthouse at dusk' }),
});
const { data: item } = await res.json();
console.log('queued', item.id);`;

function ExamplesSection() {
  return (
    <Section title="Use the API">
      <p className="settings-help">
        The full reference is the OpenAPI document at <a href="/api/docs">/api/docs</a> (JSON at{' '}
        <code>/api/docs/json</code>). Each operation lists the key scope it needs. Every key has its own rate limit;
        past it the API answers 429 with <code>Retry-After</code>.
      </p>
      <h3 className="developers-example__title">curl: generate, wait, download</h3>
      <pre className="developers-example">
        <code>{CURL_EXAMPLE}</code>
      </pre>
      <h3 className="developers-example__title">TypeScript: a webhook receiver that downloads each finished file</h3>
      <pre className="developers-example">
        <code>{TS_EXAMPLE}</code>
      </pre>
    </Section>
  );
}
