import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LIMITS, MSG } from '@atelier/shared';
import { SitePageMeta } from '../../../components/site-page-meta';
import { Button, Card, EmptyState, Select, Spinner } from '../../../components/ui';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/errors';
import { uiActions } from '../../ui';
import { useGetCreditBalanceQuery } from '../../../lib/credit-balance';
import { useGetCreditHistoryQuery } from '../billing-api';
import { LEDGER_KIND_LABELS, LEDGER_KINDS, type LedgerEntry, type LedgerKind } from '../ledger-labels';
import { formatCount, formatCredits, formatDate } from '../../../components/format';
import { BuyCredits } from '../components/buy-credits';
import '../billing.css';
import '../credits-page.css';

/** /credits — the balance, every change to it, and where buying more will live. */
export function CreditsPage() {
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated && s.auth.user !== null);

  if (!isAuthenticated) {
    return (
      <section className="container credits-page">
        <SitePageMeta path="/credits" />
        <h1>Credits</h1>
        <EmptyState
          title="Sign in to see your credits"
          description="Your balance and every change to it live here."
          action={<Button onClick={() => dispatch(uiActions.authModalOpened('login'))}>Sign in</Button>}
        />
      </section>
    );
  }

  return (
    <section className="container credits-page">
      <SitePageMeta path="/credits" description="Your Atelier credit balance and history." />
      <h1>Credits</h1>
      <CreditBalance />
      <CreditHistory />
      <Card as="section">
        <BuyCredits />
        <p className="credits-muted">
          Plans, your subscription and your purchases: <Link to="/pricing">pricing</Link> and{' '}
          <Link to="/billing">billing</Link>.
        </p>
      </Card>
    </section>
  );
}

function CreditBalance() {
  const { data: credits, error, isLoading } = useGetCreditBalanceQuery();
  return (
    <Card as="section" aria-labelledby="balance-title">
      <h2 id="balance-title" className="credits-card-title">
        Balance
      </h2>
      {isLoading ? (
        <Spinner label="Loading balance" />
      ) : error ? (
        <p role="alert" className="credits-error-text">
          {errorMessage(error, MSG.credits.fetchBalanceFailed)}
        </p>
      ) : (
        <p className="credits-balance-value">{formatCredits(credits ?? 0)}</p>
      )}
    </Card>
  );
}

function CreditHistory() {
  const filterId = useId();
  const [page, setPage] = useState<number>(LIMITS.defaultPage);
  const [kind, setKind] = useState<LedgerKind | ''>('');
  const { data, error, isFetching, isLoading } = useGetCreditHistoryQuery({
    page,
    pageSize: LIMITS.defaultPageSize,
    kind: kind || undefined,
  });
  const entries = data?.data ?? [];
  const totalPages = data?.pagination.totalPages ?? 1;

  return (
    <Card as="section" aria-labelledby="history-title">
      <div className="credits-history-head">
        <h2 id="history-title" className="credits-card-title">
          History
        </h2>
        <div className="credits-filter">
          <label htmlFor={filterId}>Kind</label>
          <Select
            id={filterId}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as LedgerKind | '');
              setPage(LIMITS.defaultPage);
            }}
          >
            <option value="">All</option>
            {LEDGER_KINDS.map((value) => (
              <option key={value} value={value}>
                {LEDGER_KIND_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
      </div>

      {isLoading ? (
        <Spinner label="Loading history" />
      ) : error ? (
        <p role="alert" className="credits-error-text">
          {errorMessage(error, MSG.credits.fetchHistoryFailed)}
        </p>
      ) : entries.length === 0 ? (
        <p className="credits-muted">{kind ? 'No entries of this kind yet.' : 'No credit activity yet.'}</p>
      ) : (
        <div className="credits-table-wrap" aria-busy={isFetching || undefined}>
          <table className="credits-table stack-table">
            <caption className="visually-hidden">Credit history, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Kind</th>
                <th scope="col" className="credits-number">
                  Change
                </th>
                <th scope="col">Reason</th>
                <th scope="col" className="credits-number">
                  Balance after
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <HistoryRow key={entry.id} entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {totalPages > 1 && (
        <nav className="credits-pager" aria-label="History pages">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {totalPages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </Card>
  );
}

function HistoryRow({ entry }: { entry: LedgerEntry }) {
  const isCredit = entry.delta > 0;
  return (
    <tr>
      <td data-label="Date">{formatDate(entry.createdAt)}</td>
      <td data-label="Kind">{LEDGER_KIND_LABELS[entry.kind]}</td>
      <td className="credits-number" data-label="Change" data-sign={isCredit ? 'plus' : 'minus'}>
        {isCredit ? `+${formatCount(entry.delta)}` : `−${formatCount(Math.abs(entry.delta))}`}
      </td>
      <td data-label="Reason">
        {entry.reason ?? '—'}
        {entry.contentId && (
          <>
            {' '}
            <Link to={`/content/${entry.contentId}`}>View content</Link>
          </>
        )}
      </td>
      <td className="credits-number" data-label="Balance after">
        {formatCount(entry.balanceAfter)}
      </td>
    </tr>
  );
}
