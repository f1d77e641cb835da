import { useState, type FormEvent } from 'react';
import { toast } from '../../../components/ui/toast';
import { MSG, formatMoney, planBody, type Plan, type PlanBody } from '@atelier/shared';
import { Button, Card, Checkbox, Dialog, Field, Input, Spinner, TextArea } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import {
  useCreatePlanMutation,
  useCreatePlansBulkMutation,
  useDeletePlanMutation,
  useGetPlansQuery,
  useUpdatePlanMutation,
  useUpdatePlanStripeMutation,
} from '../billing-api';
import { AdminOnly } from '../../../components/admin-only';
import { AdminRecordTable, type RecordColumn } from '../../../components/admin-record-table';
import '../billing.css';

interface PlanForm {
  name: string;
  description: string;
  features: string;
  priceMonthly: string;
  priceYearly: string;
  currency: string;
  creditsPerPeriod: string;
  sortOrder: string;
  isActive: boolean;
  isPopular: boolean;
}

const EMPTY: PlanForm = {
  name: '',
  description: '',
  features: '',
  priceMonthly: '',
  priceYearly: '',
  currency: 'usd',
  creditsPerPeriod: '',
  sortOrder: '0',
  isActive: true,
  isPopular: false,
};

const toForm = (p: Plan): PlanForm => ({
  name: p.name,
  description: p.description,
  features: p.features.join('\n'),
  priceMonthly: String(p.priceMonthly),
  priceYearly: String(p.priceYearly),
  currency: p.currency,
  creditsPerPeriod: String(p.creditsPerPeriod),
  sortOrder: String(p.sortOrder),
  isActive: p.isActive,
  isPopular: p.isPopular,
});

const toBody = (f: PlanForm): PlanBody => ({
  name: f.name,
  description: f.description,
  features: f.features
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean),
  priceMonthly: Number(f.priceMonthly),
  priceYearly: Number(f.priceYearly),
  currency: f.currency,
  creditsPerPeriod: Number(f.creditsPerPeriod),
  sortOrder: Number(f.sortOrder),
  isActive: f.isActive,
  isPopular: f.isPopular,
});

/** /admin/plans — list, create (one or in bulk from JSON), edit, provider ids, delete. */
export function AdminPlansPage() {
  return (
    <AdminOnly page="/admin/plans" description="Manage subscription plans.">
      <h1>Plans</h1>
      <PlansAdmin />
    </AdminOnly>
  );
}

const PLAN_COLUMNS: RecordColumn<Plan>[] = [
  { header: 'Name', cell: (p) => `${p.name}${p.isPopular ? ' ★' : ''}` },
  { header: 'Monthly', isNumber: true, cell: (p) => formatMoney(p.priceMonthly, p.currency) },
  { header: 'Yearly', isNumber: true, cell: (p) => formatMoney(p.priceYearly, p.currency) },
  { header: 'Credits / period', isNumber: true, cell: (p) => p.creditsPerPeriod },
  { header: 'State', cell: (p) => (p.isActive ? 'Active' : 'Inactive') },
  { header: 'Provider product', cell: (p) => p.stripeProductId ?? '—' },
];

function PlansAdmin() {
  const { data, error, isLoading } = useGetPlansQuery({ page: 1, pageSize: 100 });
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const [providerIds, setProviderIds] = useState<Plan | null>(null);
  const [isBulkOpen, setIsBulkOpen] = useState(false);
  const [deletePlan] = useDeletePlanMutation();

  const remove = async (plan: Plan) => {
    if (!window.confirm(`Delete the ${plan.name} plan?`)) return;
    try {
      const reply = await deletePlan(plan.id).unwrap();
      toast.success(reply.message ?? MSG.plans.deleted);
    } catch (err) {
      toast.error(errorMessage(err, MSG.plans.deleteFailed));
    }
  };

  return (
    <>
      <div className="cluster">
        <Button onClick={() => setEditing('new')}>New plan</Button>
        <Button variant="secondary" onClick={() => setIsBulkOpen(true)}>
          Bulk create from JSON
        </Button>
      </div>
      {isLoading ? (
        <Spinner label="Loading plans" />
      ) : error ? (
        <p role="alert" className="billing-error">
          {errorMessage(error, MSG.plans.fetchAllFailed)}
        </p>
      ) : (
        <Card>
          <AdminRecordTable
            rows={data?.plans ?? []}
            rowKey={(p) => p.id}
            columns={PLAN_COLUMNS}
            actions={(p) => (
              <>
                <Button size="sm" variant="secondary" onClick={() => setEditing(p)}>
                  Edit
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setProviderIds(p)}>
                  Provider ids
                </Button>
                <Button size="sm" variant="danger" onClick={() => void remove(p)}>
                  Delete
                </Button>
              </>
            )}
          />
        </Card>
      )}
      {editing && <PlanDialog plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {providerIds && <ProviderIdsDialog plan={providerIds} onClose={() => setProviderIds(null)} />}
      {isBulkOpen && <BulkDialog onClose={() => setIsBulkOpen(false)} />}
    </>
  );
}

function PlanDialog({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const [form, setForm] = useState<PlanForm>(plan ? toForm(plan) : EMPTY);
  const [create, createState] = useCreatePlanMutation();
  const [update, updateState] = useUpdatePlanMutation();
  const set = (key: keyof PlanForm, value: string | boolean) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const reply = plan
        ? await update({ id: plan.id, body: toBody(form) }).unwrap()
        : await create(toBody(form)).unwrap();
      toast.success(reply.message ?? (plan ? MSG.plans.updated : MSG.plans.created));
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, plan ? MSG.plans.updateFailed : MSG.plans.createFailed));
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={plan ? `Edit ${plan.name}` : 'New plan'} size="lg">
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <Field label="Name" isRequired>
          <Input value={form.name} onChange={(e) => set('name', e.target.value)} />
        </Field>
        <Field label="Description">
          <Input value={form.description} onChange={(e) => set('description', e.target.value)} />
        </Field>
        <Field label="Features" hint="One per line">
          <TextArea value={form.features} onChange={(e) => set('features', e.target.value)} />
        </Field>
        <div className="billing-admin-form">
          <Field label="Monthly price (cents)" isRequired>
            <Input type="number" value={form.priceMonthly} onChange={(e) => set('priceMonthly', e.target.value)} />
          </Field>
          <Field label="Yearly price (cents)" isRequired>
            <Input type="number" value={form.priceYearly} onChange={(e) => set('priceYearly', e.target.value)} />
          </Field>
          <Field label="Currency">
            <Input value={form.currency} onChange={(e) => set('currency', e.target.value)} />
          </Field>
          <Field label="Credits per month" isRequired>
            <Input
              type="number"
              value={form.creditsPerPeriod}
              onChange={(e) => set('creditsPerPeriod', e.target.value)}
            />
          </Field>
          <Field label="Sort order">
            <Input type="number" value={form.sortOrder} onChange={(e) => set('sortOrder', e.target.value)} />
          </Field>
        </div>
        <Checkbox label="Active" checked={form.isActive} onChange={(e) => set('isActive', e.target.checked)} />
        <Checkbox label="Popular" checked={form.isPopular} onChange={(e) => set('isPopular', e.target.checked)} />
        <Button type="submit" isLoading={createState.isLoading || updateState.isLoading}>
          {plan ? 'Save plan' : 'Create plan'}
        </Button>
      </form>
    </Dialog>
  );
}

function ProviderIdsDialog({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const [ids, setIds] = useState({
    stripeProductId: plan.stripeProductId ?? '',
    stripePriceIdMonthly: plan.stripePriceIdMonthly ?? '',
    stripePriceIdYearly: plan.stripePriceIdYearly ?? '',
  });
  const [save, state] = useUpdatePlanStripeMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const orNull = (v: string) => (v.trim() ? v.trim() : null);
    try {
      const reply = await save({
        id: plan.id,
        body: {
          stripeProductId: orNull(ids.stripeProductId),
          stripePriceIdMonthly: orNull(ids.stripePriceIdMonthly),
          stripePriceIdYearly: orNull(ids.stripePriceIdYearly),
        },
      }).unwrap();
      toast.success(reply.message ?? MSG.plans.stripeUpdated);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, MSG.plans.updateStripeFailed));
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={`Provider ids of ${plan.name}`}>
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <Field label="Product id">
          <Input value={ids.stripeProductId} onChange={(e) => setIds({ ...ids, stripeProductId: e.target.value })} />
        </Field>
        <Field label="Monthly price id">
          <Input
            value={ids.stripePriceIdMonthly}
            onChange={(e) => setIds({ ...ids, stripePriceIdMonthly: e.target.value })}
          />
        </Field>
        <Field label="Yearly price id">
          <Input
            value={ids.stripePriceIdYearly}
            onChange={(e) => setIds({ ...ids, stripePriceIdYearly: e.target.value })}
          />
        </Field>
        <Button type="submit" isLoading={state.isLoading}>
          Save ids
        </Button>
      </form>
    </Dialog>
  );
}

function BulkDialog({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState(
    '[\n  {"name": "Team", "priceMonthly": 9900, "priceYearly": 99000, "creditsPerPeriod": 8000}\n]',
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [createBulk, state] = useCreatePlansBulkMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    let plans: PlanBody[];
    try {
      const parsed = JSON.parse(text) as unknown;
      const list = Array.isArray(parsed) ? parsed : (parsed as { plans?: unknown }).plans;
      const checked = planBody.array().min(1).safeParse(list);
      if (!checked.success) {
        setProblem(checked.error.issues[0]?.message ?? 'The plans are not valid');
        return;
      }
      plans = checked.data;
    } catch {
      setProblem('This is not valid JSON');
      return;
    }
    try {
      const reply = await createBulk(plans).unwrap();
      toast.success(reply.message ?? MSG.plans.bulkCreated);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, MSG.plans.bulkCreateFailed));
    }
  };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title="Bulk create plans"
      description="A JSON list of plans; all are created or none."
      size="lg"
    >
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <Field label="Plans (JSON)" error={problem ?? undefined}>
          <TextArea className="billing-json" value={text} onChange={(e) => setText(e.target.value)} />
        </Field>
        <Button type="submit" isLoading={state.isLoading}>
          Create plans
        </Button>
      </form>
    </Dialog>
  );
}
