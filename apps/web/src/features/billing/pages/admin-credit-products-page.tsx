import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../../components/ui/toast';
import { MSG, formatMoney, type CreditProduct, type CreditProductBody, type PricingTier } from '@atelier/shared';
import { Button, Card, Checkbox, Dialog, Field, Input, Spinner, TextArea } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import {
  useCreateProductMutation,
  useDeleteProductMutation,
  useGetAdminCreditProductsQuery,
  useGetCreditPricingQuery,
  useGetCreditStatsQuery,
  useUpdatePricingMutation,
  useUpdateProductMutation,
} from '../billing-api';
import { AdminOnly } from '../../../components/admin-only';
import { StatGrid } from '../../dashboards';
import { AdminRecordTable, type RecordColumn } from '../../../components/admin-record-table';
import '../billing.css';

/** /admin/credit-products — credit packs, custom-amount pricing and sales totals. */
export function AdminCreditProductsPage() {
  return (
    <AdminOnly page="/admin/credit-products" description="Manage credit packs and pricing.">
      <h1>Credit products</h1>
      <Stats />
      <Products />
      <PricingEditor />
    </AdminOnly>
  );
}

function Stats() {
  const { data, error } = useGetCreditStatsQuery();
  if (error) {
    return (
      <p role="alert" className="billing-error">
        {errorMessage(error, MSG.credits.fetchStatsFailed)}
      </p>
    );
  }
  if (!data) return <Spinner label="Loading statistics" />;
  return (
    <Card as="section" aria-label="Credit statistics">
      <StatGrid
        items={[
          { label: 'Credits purchased', value: data.totalPurchased.toLocaleString('en-US') },
          { label: 'Revenue', value: formatMoney(data.totalRevenue, 'usd') },
          { label: 'Credits spent', value: data.totalSpent.toLocaleString('en-US') },
          { label: 'Credits granted', value: data.totalGranted.toLocaleString('en-US') },
          { label: 'Active subscriptions', value: data.activeSubscriptions.toLocaleString('en-US') },
        ]}
      />
    </Card>
  );
}

interface ProductForm {
  name: string;
  credits: string;
  bonusCredits: string;
  price: string;
  currency: string;
  sortOrder: string;
  isActive: boolean;
}

const PRODUCT_COLUMNS: RecordColumn<CreditProduct>[] = [
  { header: 'Name', cell: (p) => p.name },
  { header: 'Credits', isNumber: true, cell: (p) => p.credits },
  { header: 'Bonus', isNumber: true, cell: (p) => p.bonusCredits },
  { header: 'Price', isNumber: true, cell: (p) => formatMoney(p.price, p.currency) },
  { header: 'State', cell: (p) => (p.isActive ? 'Active' : 'Inactive') },
];

function Products() {
  const { data, error, isLoading } = useGetAdminCreditProductsQuery();
  const [editing, setEditing] = useState<CreditProduct | 'new' | null>(null);
  const [remove] = useDeleteProductMutation();
  const onDelete = async (p: CreditProduct) => {
    if (!window.confirm(`Delete ${p.name}?`)) return;
    try {
      const reply = await remove(p.id).unwrap();
      toast.success(reply.message ?? MSG.credits.productDeleted);
    } catch (err) {
      toast.error(errorMessage(err, MSG.credits.deleteProductToast));
    }
  };
  return (
    <Card as="section" aria-labelledby="packs-title" className="stack">
      <div className="cluster">
        <h2 id="packs-title" className="h4">
          Credit packs
        </h2>
        <Button size="sm" onClick={() => setEditing('new')}>
          New pack
        </Button>
      </div>
      {isLoading ? (
        <Spinner label="Loading packs" />
      ) : error ? (
        <p role="alert" className="billing-error">
          {errorMessage(error, MSG.credits.fetchProductsFailed)}
        </p>
      ) : (
        <AdminRecordTable
          rows={data ?? []}
          rowKey={(p) => p.id}
          columns={PRODUCT_COLUMNS}
          actions={(p) => (
            <>
              <Button size="sm" variant="secondary" onClick={() => setEditing(p)}>
                Edit
              </Button>
              <Button size="sm" variant="danger" onClick={() => void onDelete(p)}>
                Delete
              </Button>
            </>
          )}
        />
      )}
      {editing && <ProductDialog product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function ProductDialog({ product, onClose }: { product: CreditProduct | null; onClose: () => void }) {
  const [form, setForm] = useState<ProductForm>(
    product
      ? {
          name: product.name,
          credits: String(product.credits),
          bonusCredits: String(product.bonusCredits),
          price: String(product.price),
          currency: product.currency,
          sortOrder: String(product.sortOrder),
          isActive: product.isActive,
        }
      : { name: '', credits: '', bonusCredits: '0', price: '', currency: 'usd', sortOrder: '0', isActive: true },
  );
  const [create, createState] = useCreateProductMutation();
  const [update, updateState] = useUpdateProductMutation();
  const set = (key: keyof ProductForm, value: string | boolean) => setForm((f) => ({ ...f, [key]: value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: CreditProductBody = {
      name: form.name,
      credits: Number(form.credits),
      bonusCredits: Number(form.bonusCredits),
      price: Number(form.price),
      currency: form.currency,
      sortOrder: Number(form.sortOrder),
      isActive: form.isActive,
    };
    try {
      const reply = product ? await update({ id: product.id, body }).unwrap() : await create(body).unwrap();
      toast.success(reply.message ?? (product ? MSG.credits.productUpdated : MSG.credits.productCreated));
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, product ? MSG.credits.updateProductToast : MSG.credits.createProductToast));
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={product ? `Edit ${product.name}` : 'New credit pack'}>
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <Field label="Name" isRequired>
          <Input value={form.name} onChange={(e) => set('name', e.target.value)} />
        </Field>
        <div className="billing-admin-form">
          <Field label="Credits" isRequired>
            <Input type="number" value={form.credits} onChange={(e) => set('credits', e.target.value)} />
          </Field>
          <Field label="Bonus credits">
            <Input type="number" value={form.bonusCredits} onChange={(e) => set('bonusCredits', e.target.value)} />
          </Field>
          <Field label="Price (cents)" isRequired>
            <Input type="number" value={form.price} onChange={(e) => set('price', e.target.value)} />
          </Field>
          <Field label="Currency">
            <Input value={form.currency} onChange={(e) => set('currency', e.target.value)} />
          </Field>
          <Field label="Sort order">
            <Input type="number" value={form.sortOrder} onChange={(e) => set('sortOrder', e.target.value)} />
          </Field>
        </div>
        <Checkbox label="Active" checked={form.isActive} onChange={(e) => set('isActive', e.target.checked)} />
        <Button type="submit" isLoading={createState.isLoading || updateState.isLoading}>
          {product ? 'Save pack' : 'Create pack'}
        </Button>
      </form>
    </Dialog>
  );
}

const tiersToText = (tiers: PricingTier[]) => tiers.map((t) => `${t.minCredits}: ${t.discountPercent}`).join('\n');

function PricingEditor() {
  const { data } = useGetCreditPricingQuery();
  const [save, state] = useUpdatePricingMutation();
  const [form, setForm] = useState({ pricePerCredit: '', currency: 'usd', minCredits: '', maxCredits: '', tiers: '' });
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (data) {
      setForm({
        pricePerCredit: String(data.pricePerCredit),
        currency: data.currency,
        minCredits: String(data.minCredits),
        maxCredits: String(data.maxCredits),
        tiers: tiersToText(data.tiers),
      });
    }
  }, [data]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const tiers: PricingTier[] = [];
    for (const line of form.tiers
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)) {
      const m = /^(\d+)\s*:\s*(\d+)$/.exec(line);
      if (!m) {
        setProblem(`"${line}" is not "minimum credits: discount percent"`);
        return;
      }
      tiers.push({ minCredits: Number(m[1]), discountPercent: Number(m[2]) });
    }
    try {
      const reply = await save({
        pricePerCredit: Number(form.pricePerCredit),
        currency: form.currency,
        minCredits: Number(form.minCredits),
        maxCredits: Number(form.maxCredits),
        tiers,
      }).unwrap();
      toast.success(reply.message ?? MSG.credits.pricingUpdated);
    } catch (err) {
      toast.error(errorMessage(err, MSG.credits.updatePricingToast));
    }
  };
  return (
    <Card as="section" aria-labelledby="pricing-title" className="stack">
      <h2 id="pricing-title" className="h4">
        Custom-amount pricing
      </h2>
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <div className="billing-admin-form">
          <Field label="Price per credit (cents)">
            <Input
              type="number"
              value={form.pricePerCredit}
              onChange={(e) => setForm({ ...form, pricePerCredit: e.target.value })}
            />
          </Field>
          <Field label="Currency">
            <Input value={form.currency} onChange={(e) => setForm({ ...form, currency: e.target.value })} />
          </Field>
          <Field label="Minimum credits">
            <Input
              type="number"
              value={form.minCredits}
              onChange={(e) => setForm({ ...form, minCredits: e.target.value })}
            />
          </Field>
          <Field label="Maximum credits">
            <Input
              type="number"
              value={form.maxCredits}
              onChange={(e) => setForm({ ...form, maxCredits: e.target.value })}
            />
          </Field>
        </div>
        <Field
          label="Volume discounts"
          hint="One per line: minimum credits: discount percent (e.g. 1000: 5)"
          error={problem ?? undefined}
        >
          <TextArea value={form.tiers} onChange={(e) => setForm({ ...form, tiers: e.target.value })} />
        </Field>
        <Button type="submit" isLoading={state.isLoading}>
          Save pricing
        </Button>
      </form>
    </Card>
  );
}
