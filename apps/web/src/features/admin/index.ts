/** Admin's face: nothing is shared with other features; the router reaches its pages. */
export {};
