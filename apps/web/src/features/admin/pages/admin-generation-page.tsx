import { CONTENT_TYPE_NAMES, type AdminGenerationModel } from '@atelier/shared';
import { errorMessage } from '../../../lib/errors';
import { Button, Spinner } from '../../../components/ui';
import { useGetAdminGenerationModelsQuery } from '../admin-api';
import { AdminOnly } from '../../../components/admin-only';

const PROVIDER_LABELS: Record<string, string> = {
  local: 'Local renderer',
  replicate: 'Replicate',
  runway: 'Runway',
  luma: 'Luma',
  fal: 'fal.ai',
};

const usd = (n: number | null) => (n === null ? '—' : `$${n.toFixed(n !== 0 && Math.abs(n) < 0.1 ? 4 : 2)}`);

/** /admin/generation — which provider serves each model, and what each generation earns. */
export function AdminGenerationPage() {
  return (
    <AdminOnly
      page="/admin/generation"
      description="Which provider serves each model, and the margin of each generation."
    >
      <ModelsTable />
    </AdminOnly>
  );
}

function ModelsTable() {
  const { data, error, refetch } = useGetAdminGenerationModelsQuery();
  return (
    <>
      <h1>Models &amp; costs</h1>
      <p className="dashboard-muted">
        The provider of each model comes from <code>GENERATION_ROUTES</code> and <code>GENERATION_PROVIDER</code>; what
        a generation costs you comes from <code>GENERATION_COSTS</code> (USD per generation).
      </p>
      {error ? (
        <div className="dashboard-block__error" role="alert">
          <p>{errorMessage(error, 'Failed to fetch the models')}</p>
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            Retry
          </Button>
        </div>
      ) : !data ? (
        <Spinner label="Loading models" />
      ) : (
        <>
          <p>
            {data.creditValueUsd === null
              ? 'No credit product is priced in USD, so what a generation earns cannot be worked out.'
              : `Credits are valued at ${usd(data.creditValueUsd)} each: the least a credit sells for (${data.creditValueSource ?? ''}).`}
          </p>
          <div className="data-table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Type</th>
                  <th scope="col">Model</th>
                  <th scope="col">Provider</th>
                  <th scope="col">Vendor endpoint</th>
                  <th scope="col" className="num">
                    Credits
                  </th>
                  <th scope="col" className="num">
                    Charged
                  </th>
                  <th scope="col" className="num">
                    Cost
                  </th>
                  <th scope="col" className="num">
                    Margin
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.models.map((m) => (
                  <ModelRow key={`${m.contentType}/${m.model}`} row={m} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}

function ModelRow({ row }: { row: AdminGenerationModel }) {
  return (
    <tr>
      <td>{CONTENT_TYPE_NAMES[row.contentType]}</td>
      <td>{row.name}</td>
      <td>{PROVIDER_LABELS[row.provider] ?? row.provider}</td>
      <td>{row.endpoint ?? <span role="alert">Not made by this provider: generations fail</span>}</td>
      <td className="num">{row.credits.toLocaleString('en-US')}</td>
      <td className="num">{usd(row.chargedUsd)}</td>
      <td className="num">{row.costUsd === null ? 'Not set' : usd(row.costUsd)}</td>
      <td className="num">{row.marginUsd === null ? '—' : `${usd(row.marginUsd)} (${row.marginPercent ?? 0}%)`}</td>
    </tr>
  );
}
