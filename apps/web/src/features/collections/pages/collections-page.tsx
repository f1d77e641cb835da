import { useState, type FormEvent } from 'react';
import { toast } from '../../../components/ui/toast';
import { COLLECTION_TEXT, type Collection } from '@atelier/shared';
import {
  BookmarkIcon,
  Button,
  ButtonLink,
  Checkbox,
  Dialog,
  EmptyState,
  Field,
  Input,
  Pager,
  Spinner,
} from '../../../components/ui';
import { SitePageMeta } from '../../../components/site-page-meta';
import { errorMessage } from '../../../lib/errors';
import { useAppSelector } from '../../../lib/hooks';
import { SignInPrompt } from '../../../lib/sign-in-prompt';
import { CollectionGrid } from '../components/collection-grid';
import {
  useCreateCollectionMutation,
  useDeleteCollectionMutation,
  useGetMyCollectionsQuery,
  useUpdateCollectionMutation,
} from '../collections-api';
import '../collections.css';

/** /collection — your collections: create, rename, publish, delete. */
export function CollectionsPage() {
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated);
  return (
    <section className="container section">
      <SitePageMeta
        path="/collection"
        description="Save photos, video, loops, illustrations, GIFs and vectors from the Atelier gallery into your own named collections."
      />
      <h1>Collections</h1>
      {isAuthenticated ? (
        <MyCollections />
      ) : (
        <SignInPrompt
          title="Sign in to start collecting"
          text="Collections belong to your account, so they follow you to any device."
        />
      )}
    </section>
  );
}

function MyCollections() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useGetMyCollectionsQuery({ page });
  const [create, { isLoading: isCreating }] = useCreateCollectionMutation();
  const [update] = useUpdateCollectionMutation();
  const [remove] = useDeleteCollectionMutation();
  const [name, setName] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const [renaming, setRenaming] = useState<Collection | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    try {
      await create({ name: name.trim(), isPublic }).unwrap();
      toast.success(COLLECTION_TEXT.created);
      setName('');
      setIsPublic(false);
    } catch (err) {
      toast.error(errorMessage(err, COLLECTION_TEXT.createFailed));
    }
  };

  const togglePublic = async (c: Collection) => {
    try {
      await update({ id: c.id, body: { isPublic: !c.isPublic } }).unwrap();
    } catch (err) {
      toast.error(errorMessage(err, COLLECTION_TEXT.updateFailed));
    }
  };

  const destroy = async (c: Collection) => {
    if (!window.confirm(`Delete “${c.name}”? The pieces in it stay where they are.`)) return;
    try {
      await remove(c.id).unwrap();
      toast.success(COLLECTION_TEXT.deleted);
    } catch (err) {
      toast.error(errorMessage(err, COLLECTION_TEXT.deleteFailed));
    }
  };

  return (
    <>
      <form className="inline-form mt-4" onSubmit={submit} aria-label="New collection">
        <Field label="New collection">
          <Input value={name} maxLength={100} placeholder="Name" onChange={(e) => setName(e.target.value)} />
        </Field>
        <Checkbox label="Public" checked={isPublic} onChange={(e) => setIsPublic(e.target.checked)} />
        <Button type="submit" isLoading={isCreating} disabled={!name.trim()}>
          Create
        </Button>
      </form>
      <div className="mt-6">
        {isLoading ? (
          <Spinner label="Loading collections" />
        ) : error ? (
          <p role="alert">{errorMessage(error, COLLECTION_TEXT.fetchFailed)}</p>
        ) : !data || data.data.length === 0 ? (
          <EmptyState
            icon={<BookmarkIcon size={24} />}
            title="No collections yet"
            description="Create one above, or open any piece and use “Save to collection”."
            action={<ButtonLink to="/gallery">Browse the gallery</ButtonLink>}
          />
        ) : (
          <>
            <CollectionGrid
              collections={data.data}
              actionsFor={(c) => (
                <>
                  <Button size="sm" variant="ghost" onClick={() => setRenaming(c)}>
                    Rename
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => togglePublic(c)}>
                    {c.isPublic ? 'Make private' : 'Make public'}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => destroy(c)}>
                    Delete
                  </Button>
                </>
              )}
            />
            <Pager pagination={data.pagination} onPage={setPage} label="Collection pages" />
          </>
        )}
      </div>
      {renaming && <RenameDialog collection={renaming} onClose={() => setRenaming(null)} />}
    </>
  );
}

function RenameDialog({ collection, onClose }: { collection: Collection; onClose: () => void }) {
  const [update, { isLoading }] = useUpdateCollectionMutation();
  const [name, setName] = useState(collection.name);
  const [description, setDescription] = useState(collection.description ?? '');
  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await update({ id: collection.id, body: { name: name.trim(), description } }).unwrap();
      toast.success(COLLECTION_TEXT.updated);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, COLLECTION_TEXT.updateFailed));
    }
  };
  return (
    <Dialog isOpen title="Rename collection" onClose={onClose}>
      <form onSubmit={save} className="stack">
        <Field label="Name">
          <Input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="Description">
          <Input value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        <Button type="submit" isLoading={isLoading} disabled={!name.trim()}>
          Save
        </Button>
      </form>
    </Dialog>
  );
}
