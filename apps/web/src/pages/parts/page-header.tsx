import type { ReactNode } from 'react';

export interface PageHeaderProps {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  /** Calls to action or meta under the lead. */
  children?: ReactNode;
}

/** The band at the top of every content page: one h1, a short lead, optional actions. */
export function PageHeader({ eyebrow, title, lead, children }: PageHeaderProps) {
  return (
    <div className="page-header">
      <div className="container">
        <div className="page-header__content">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h1>{title}</h1>
          {lead ? <p className="lead">{lead}</p> : null}
          {children ? <div className="page-header__actions">{children}</div> : null}
        </div>
      </div>
    </div>
  );
}
