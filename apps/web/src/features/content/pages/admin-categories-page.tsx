import { useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '../../../components/ui/toast';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { CategoryTreeNode } from '@atelier/shared';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  EmptyState,
  Field,
  Input,
  Select,
  Spinner,
  TextArea,
} from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { AdminOnly } from '../../../components/admin-only';
import {
  useBulkToggleCategoriesMutation,
  useCategoryTreeQuery,
  useCreateCategoryMutation,
  useDeleteCategoryMutation,
  useImportCategoriesMutation,
  useUpdateCategoryMutation,
} from '../content-api';
import '../content.css';

/** Depth-first, so selects can show the tree with indentation. */
function flatten(nodes: CategoryTreeNode[], depth = 0): { node: CategoryTreeNode; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flatten(node.children, depth + 1)]);
}

function descendantsOf(node: CategoryTreeNode): Set<string> {
  return new Set(flatten([node]).map((f) => f.node.id));
}

/** /admin/categories — the category tree: create, edit, delete with reassignment, bulk toggle, import. */
export function AdminCategoriesPage() {
  return (
    <AdminOnly page="/admin/categories">
      <h1>Categories</h1>
      <CategoryManager />
    </AdminOnly>
  );
}

function CategoryManager() {
  const { data: tree, isLoading, error } = useCategoryTreeQuery();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<CategoryTreeNode | null>(null);
  const [deleting, setDeleting] = useState<CategoryTreeNode | null>(null);
  const [bulkToggle, { isLoading: isToggling }] = useBulkToggleCategoriesMutation();
  const flat = useMemo(() => flatten(tree ?? []), [tree]);

  if (isLoading) return <Spinner label="Loading categories" />;
  if (error) return <p role="alert">{errorMessage(error, 'Failed to fetch category tree')}</p>;

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const setActive = async (isActive: boolean) => {
    try {
      const n = await bulkToggle({ ids: [...selected], isActive }).unwrap();
      toast.success(`${n} categories ${isActive ? 'activated' : 'deactivated'}`);
      setSelected(new Set());
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to update categories'));
    }
  };

  const renderNodes = (nodes: CategoryTreeNode[]) => (
    <ul className="list-reset">
      {nodes.map((n) => (
        <li key={n.id}>
          <div className="admin-tree__row">
            <Checkbox label={n.name} checked={selected.has(n.id)} onChange={() => toggle(n.id)} />
            <span className="content-muted">/{n.slug}</span>
            <span className="content-muted">{n.contentCount} items</span>
            {!n.isActive && <Badge>Inactive</Badge>}
            <Button size="sm" variant="ghost" onClick={() => setEditing(n)}>
              Edit
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setDeleting(n)}>
              Delete
            </Button>
          </div>
          {n.children.length > 0 && renderNodes(n.children)}
        </li>
      ))}
    </ul>
  );

  return (
    <div className="admin-categories mt-4">
      <div>
        <div className="chip-row">
          <Button
            size="sm"
            variant="secondary"
            disabled={selected.size === 0 || isToggling}
            onClick={() => void setActive(true)}
          >
            Activate selected
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={selected.size === 0 || isToggling}
            onClick={() => void setActive(false)}
          >
            Deactivate selected
          </Button>
        </div>
        <div className="admin-tree mt-4">
          {flat.length === 0 ? (
            <EmptyState headingLevel="h2" title="No categories yet" description="Create one, or import a file." />
          ) : (
            renderNodes(tree ?? [])
          )}
        </div>
      </div>
      <div className="stack">
        {deleting ? (
          <DeleteCategory node={deleting} flat={flat} onDone={() => setDeleting(null)} />
        ) : (
          <CategoryForm key={editing?.id ?? 'new'} node={editing} flat={flat} onDone={() => setEditing(null)} />
        )}
        <ImportCategories />
      </div>
    </div>
  );
}

function CategoryForm({
  node,
  flat,
  onDone,
}: {
  node: CategoryTreeNode | null;
  flat: { node: CategoryTreeNode; depth: number }[];
  onDone: () => void;
}) {
  const [name, setName] = useState(node?.name ?? '');
  const [slug, setSlug] = useState(node?.slug ?? '');
  const [description, setDescription] = useState(node?.description ?? '');
  const [parentId, setParentId] = useState(node?.parentId ?? '');
  const [sortOrder, setSortOrder] = useState(String(node?.sortOrder ?? 0));
  const [isActive, setIsActive] = useState(node?.isActive ?? true);
  const [create, { isLoading: isCreating }] = useCreateCategoryMutation();
  const [update, { isLoading: isUpdating }] = useUpdateCategoryMutation();
  const blocked = node ? descendantsOf(node) : new Set<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: name.trim(),
      ...(slug.trim() ? { slug: slug.trim() } : {}),
      description: description.trim() || null,
      parentId: parentId || null,
      sortOrder: Number(sortOrder) || 0,
      isActive,
    };
    try {
      if (node) await update({ id: node.id, ...body }).unwrap();
      else await create(body).unwrap();
      toast.success(node ? 'Category updated' : 'Category created');
      if (!node) {
        setName('');
        setSlug('');
        setDescription('');
      }
      onDone();
    } catch (err) {
      toast.error(errorMessage(err, node ? 'Failed to update category' : 'Failed to create category'));
    }
  };

  return (
    <Card padding="md">
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <h2 className="h4">{node ? `Edit ${node.name}` : 'New category'}</h2>
        <Field label="Name">
          <Input value={name} onChange={(e) => setName(e.target.value)} required maxLength={80} />
        </Field>
        <Field label="Slug" hint="Leave empty to make one from the name">
          <Input value={slug} onChange={(e) => setSlug(e.target.value)} maxLength={80} />
        </Field>
        <Field label="Parent">
          <Select value={parentId} onChange={(e) => setParentId(e.target.value)}>
            <option value="">None (top level)</option>
            {flat
              .filter((f) => !blocked.has(f.node.id))
              .map((f) => (
                <option key={f.node.id} value={f.node.id}>
                  {'\u00a0\u00a0'.repeat(f.depth)}
                  {f.node.name}
                </option>
              ))}
          </Select>
        </Field>
        <Field label="Description">
          <TextArea value={description} onChange={(e) => setDescription(e.target.value)} rows={2} maxLength={500} />
        </Field>
        <Field label="Sort order">
          <Input type="number" value={sortOrder} onChange={(e) => setSortOrder(e.target.value)} />
        </Field>
        <Checkbox label="Active" checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />
        <div className="chip-row">
          <Button type="submit" disabled={isCreating || isUpdating || name.trim() === ''}>
            {node ? 'Save' : 'Create'}
          </Button>
          {node && (
            <Button type="button" variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}

function DeleteCategory({
  node,
  flat,
  onDone,
}: {
  node: CategoryTreeNode;
  flat: { node: CategoryTreeNode; depth: number }[];
  onDone: () => void;
}) {
  const [target, setTarget] = useState('');
  const [remove, { isLoading }] = useDeleteCategoryMutation();
  const blocked = descendantsOf(node);
  const confirm = async () => {
    try {
      await remove({ id: node.id, reassignToCategory: target || null }).unwrap();
      toast.success('Category deleted');
      onDone();
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to delete category'));
    }
  };
  return (
    <Card padding="md">
      <div className="stack">
        <h2 className="h4">Delete {node.name}</h2>
        <Field label="Move its content and subcategories to">
          <Select value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">Nowhere (content loses its category; subcategories move up)</option>
            {flat
              .filter((f) => !blocked.has(f.node.id))
              .map((f) => (
                <option key={f.node.id} value={f.node.id}>
                  {'\u00a0\u00a0'.repeat(f.depth)}
                  {f.node.name}
                </option>
              ))}
          </Select>
        </Field>
        <div className="chip-row">
          <Button variant="danger" disabled={isLoading} onClick={() => void confirm()}>
            Delete category
          </Button>
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </div>
    </Card>
  );
}

function ImportCategories() {
  const [importFile, { isLoading }] = useImportCategoriesMutation();
  const [rowErrors, setRowErrors] = useState<string[]>([]);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setRowErrors([]);
    try {
      const result = await importFile(file).unwrap();
      toast.success(`${result.imported} categories imported`);
    } catch (err) {
      const details = (
        (err as FetchBaseQueryError).data as { details?: { path: string; message: string }[] } | undefined
      )?.details;
      if (details?.length) setRowErrors(details.map((d) => `Row ${d.path.replace(/^rows\./, '')}: ${d.message}`));
      toast.error(errorMessage(err, 'Failed to import categories'));
    }
  };
  return (
    <Card padding="md">
      <div className="stack">
        <h2 className="h4">Import</h2>
        <p className="content-muted">
          A JSON array or a CSV with the columns name, slug, parent_slug, description. Every row is checked first;
          nothing is imported if any row is wrong.
        </p>
        <Field label="Import file">
          <Input
            type="file"
            accept=".json,.csv,application/json,text/csv"
            disabled={isLoading}
            onChange={(e) => void onFile(e)}
          />
        </Field>
        {rowErrors.length > 0 && (
          <ul className="import-errors" aria-label="Rows with problems">
            {rowErrors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
