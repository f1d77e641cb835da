import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ROLES, type Role } from '@atelier/shared';
import { errorMessage } from '../../../lib/errors';
import { Badge, Button, Input, Select, Spinner, TableScroll } from '../../../components/ui';
import { formatDate } from '../../../components/format';
import { formatNumber } from '../../dashboards';
import { useGetAdminUsersQuery } from '../admin-api';
import { AdminOnly } from '../../../components/admin-only';
import { AdminPager } from '../components/admin-pager';

/** /admin/users — find an account by name, username or email. */
export function AdminUsersPage() {
  return (
    <AdminOnly page="/admin/users">
      <UsersList />
    </AdminOnly>
  );
}

function UsersList() {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [page, setPage] = useState(1);
  const { data, error, isFetching, refetch } = useGetAdminUsersQuery({
    q,
    role: role || undefined,
    page,
    pageSize: 20,
  });

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };

  return (
    <>
      <h1>Users</h1>
      <form className="admin-toolbar" role="search" onSubmit={onSearch}>
        <label>
          <span className="visually-hidden">Search users</span>
          <Input
            type="search"
            placeholder="Name, username or email"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </label>
        <label>
          <span className="visually-hidden">Role</span>
          <Select
            value={role}
            onChange={(e) => {
              setRole(e.target.value as Role | '');
              setPage(1);
            }}
          >
            <option value="">All roles</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </Select>
        </label>
        <Button type="submit">Search</Button>
      </form>
      {error ? (
        <div className="dashboard-block__error" role="alert">
          <p>{errorMessage(error, 'Failed to search users')}</p>
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            Retry
          </Button>
        </div>
      ) : !data ? (
        <Spinner label="Loading users" />
      ) : data.data.length === 0 ? (
        <p className="dashboard-muted">No accounts match.</p>
      ) : (
        <>
          <TableScroll label="Users" aria-busy={isFetching}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Username</th>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col" className="num">
                    Credits
                  </th>
                  <th scope="col" className="num">
                    Content
                  </th>
                  <th scope="col">Joined</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((u) => (
                  <tr key={u.id}>
                    <th scope="row">
                      <Link to={`/admin/users/${u.id}`}>{u.username}</Link>
                      {u.deletedAt && <Badge tone="warning">deleted</Badge>}
                    </th>
                    <td>{u.fullName}</td>
                    <td>{u.email}</td>
                    <td>
                      <Badge tone={u.role === 'admin' ? 'accent' : 'neutral'}>{u.role}</Badge>
                    </td>
                    <td className="num">{formatNumber(u.credits)}</td>
                    <td className="num">{formatNumber(u.contentCount)}</td>
                    <td>{formatDate(u.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <AdminPager pagination={data.pagination} noun="accounts" onPage={setPage} />
        </>
      )}
    </>
  );
}
