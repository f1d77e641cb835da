/** Billing's face: nothing is shared with other features; the router and pages/ reach its pages and widgets. */
export {};
