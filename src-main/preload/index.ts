// Preload placeholder: exposes nothing yet.
export {}
