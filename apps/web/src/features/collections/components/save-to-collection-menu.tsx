import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../components/ui/toast';
import { COLLECTION_TEXT } from '@atelier/shared';
import { Button, BookmarkIcon, CheckIcon, Input } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { uiActions } from '../../ui';
import {
  useAddCollectionItemMutation,
  useCreateCollectionMutation,
  useGetMyCollectionsQuery,
  useRemoveCollectionItemMutation,
} from '../collections-api';
import '../collections.css';

/**
 * "Save to collection": your collections with a check on those holding the item, and "New
 * collection…". Once the item is in one, the button says where ("Saved to Harbours").
 */
export function SaveToCollectionMenu({ contentId }: { contentId: string }) {
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated);
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  // The same request the list makes, so opening the list costs nothing more.
  const { data } = useGetMyCollectionsQuery({ contains: contentId, pageSize: 50 }, { skip: !isAuthenticated });
  const savedIn = isAuthenticated ? (data?.data.filter((c) => c.containsItem) ?? []) : [];
  const label =
    savedIn.length === 0
      ? 'Save to collection'
      : savedIn.length === 1
        ? `Saved to ${savedIn[0]!.name}`
        : `Saved to ${savedIn.length} collections`;

  useEffect(() => {
    if (!isOpen) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !root.current?.contains(e.target as Node)) setIsOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [isOpen]);

  const open = () => {
    if (!isAuthenticated) {
      dispatch(uiActions.authModalOpened('login'));
      return;
    }
    setIsOpen((v) => !v);
  };

  return (
    <div className="save-menu" ref={root}>
      <Button
        variant="secondary"
        size="sm"
        iconStart={savedIn.length > 0 ? <CheckIcon size={16} /> : <BookmarkIcon size={16} />}
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={open}
      >
        {label}
      </Button>
      {isOpen && <SaveMenuList id={menuId} contentId={contentId} />}
    </div>
  );
}

function SaveMenuList({ id, contentId }: { id: string; contentId: string }) {
  const { data, error, isLoading } = useGetMyCollectionsQuery({ contains: contentId, pageSize: 50 });
  const [add] = useAddCollectionItemMutation();
  const [remove] = useRemoveCollectionItemMutation();
  const [create, { isLoading: isCreating }] = useCreateCollectionMutation();
  const [isNaming, setIsNaming] = useState(false);
  const [name, setName] = useState('');

  const toggle = async (collectionId: string, holds: boolean, label: string) => {
    try {
      if (holds) await remove({ id: collectionId, itemId: contentId }).unwrap();
      else await add({ id: collectionId, itemId: contentId }).unwrap();
      toast.success(holds ? `Removed from ${label}` : `Saved to ${label}`);
    } catch (err) {
      toast.error(errorMessage(err, holds ? COLLECTION_TEXT.removeItemFailed : COLLECTION_TEXT.addItemFailed));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    try {
      const created = await create({ name: name.trim() }).unwrap();
      await add({ id: created.id, itemId: contentId }).unwrap();
      toast.success(`Saved to ${created.name}`);
      setName('');
      setIsNaming(false);
    } catch (err) {
      toast.error(errorMessage(err, COLLECTION_TEXT.createFailed));
    }
  };

  return (
    // A list of on/off switches (checkboxes), not an ARIA menu: a menu item needs a menu around it,
    // and this list also holds a small form.
    <ul className="save-menu__list" id={id} aria-label="Your collections">
      {isLoading && <li className="muted small">Loading…</li>}
      {error && <li role="alert">{errorMessage(error, COLLECTION_TEXT.fetchFailed)}</li>}
      {data?.data.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            role="checkbox"
            aria-checked={Boolean(c.containsItem)}
            onClick={() => toggle(c.id, Boolean(c.containsItem), c.name)}
          >
            <span>{c.name}</span>
            {c.containsItem && <CheckIcon size={16} />}
          </button>
        </li>
      ))}
      <li>
        {isNaming ? (
          <form className="inline-form" onSubmit={submit}>
            <Input
              aria-label="New collection name"
              value={name}
              maxLength={100}
              autoFocus
              onChange={(e) => setName(e.target.value)}
            />
            <Button type="submit" size="sm" isLoading={isCreating}>
              Create
            </Button>
          </form>
        ) : (
          <button type="button" onClick={() => setIsNaming(true)}>
            New collection…
          </button>
        )}
      </li>
    </ul>
  );
}
