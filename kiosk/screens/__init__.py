"""The .kv files of the kiosk screens (a package so that they install as package data)."""
