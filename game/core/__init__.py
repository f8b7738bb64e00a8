"""The Sandtable kernel. Nothing here imports pygame."""
