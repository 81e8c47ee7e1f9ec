"""The core rules: tiles, the kernel, the presets and their policy, the layout, a
round's state, scoring, matches and records. Imports only :mod:`engine.lang` below it."""
