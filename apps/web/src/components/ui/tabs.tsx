import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';
import './ui.css';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  isDisabled?: boolean;
}

export interface TabsProps<T extends string> {
  /** Accessible name of the tab list. */
  label: string;
  tabs: ReadonlyArray<TabItem<T>>;
  selected: T;
  onSelect: (id: T) => void;
  /** The selected tab's panel. */
  children?: ReactNode;
  className?: string;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs and select them. */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, children, className }: TabsProps<T>) {
  const base = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const enabled = tabs.filter((t) => !t.isDisabled);
  const hasPanel = children !== undefined;

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = enabled.findIndex((t) => t.id === selected);
    let next: TabItem<T> | undefined;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = enabled[(index + 1) % enabled.length];
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp')
      next = enabled[(index - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled[enabled.length - 1];
    if (!next) return;
    event.preventDefault();
    onSelect(next.id);
    refs.current.get(next.id)?.focus();
  };

  return (
    <div className={cx('tabs', className)}>
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={move}>
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) refs.current.set(tab.id, el);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={hasPanel ? `${base}-panel` : undefined}
              tabIndex={isSelected ? 0 : -1}
              disabled={tab.isDisabled}
              className={cx('tabs__tab', isSelected && 'tabs__tab--selected')}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {hasPanel ? (
        <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${selected}`} className="tabs__panel">
          {children}
        </div>
      ) : null}
    </div>
  );
}
