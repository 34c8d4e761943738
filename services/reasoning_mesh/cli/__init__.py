"""The `rmesh` command line."""
