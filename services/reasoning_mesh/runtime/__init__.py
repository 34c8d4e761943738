"""The stage runtime every service runs on: consume → validate → handle → produce → commit."""
