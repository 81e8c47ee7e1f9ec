"""The presentation: descriptions, drawings (SVG and the figures), the views of the
pages, the web entry point and the command line. The top layer: nothing imports it but
the package's public API and ``python -m engine``."""
