# Sourced by scripts/test-gtk and scripts/bench-gtk: the GTK versions TopLock supports, each on its Debian
# release (GTK 4.8 on Debian 12, bookworm; 4.18 on Debian 13, trixie; 4.24 on sid), and this machine's release.

gtk_versions=(4.8 4.18 4.24)

# The Debian release whose GTK is version $1; nothing (and status 1) for a version not supported.
release_of() {
  case "$1" in
    4.8) echo bookworm ;;
    4.18) echo trixie ;;
    4.24) echo sid ;;
    *) return 1 ;;
  esac
}

# This machine's Debian release: its codename, or sid for an unstable system (whose os-release names the next
# release's codename and gives no version number).
this_release() {
  local id="" codename="" version=""
  # shellcheck disable=SC1091
  [ -r /etc/os-release ] && { . /etc/os-release; id="${ID:-}"; codename="${VERSION_CODENAME:-}"; version="${VERSION_ID:-}"; }
  if [ "$id" = debian ] && [ -z "$version" ]; then
    echo sid
  else
    echo "$codename"
  fi
}
