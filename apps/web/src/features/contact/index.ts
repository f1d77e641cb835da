/** Contact's face: nothing is shared with other features; the contact page in pages/ sends through its API. */
export {};
