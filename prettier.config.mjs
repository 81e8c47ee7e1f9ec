// Prettier's configuration (Prettier pinned by package-lock.json), checked by
// scripts/test.sh as `ruff format --check` is on the Python: Prettier's own style, in
// lines of at most 100 characters, as ruff's.
export default { printWidth: 100 };
