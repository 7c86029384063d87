"""gettext catalogs (a package so that the .po files install as package data)."""
