/** Jobs' face: nothing is shared with other features; the router reaches its pages and the layout its live updates. */
export {};
