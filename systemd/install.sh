#!/usr/bin/env bash
# Install piquet-table as an appliance on Raspberry Pi OS Lite (Bookworm):
# the kiosk starts full screen on tty1 at boot, comes back by itself after a
# crash or a hang, and the journal is copied every day.
#
#   sudo systemd/install.sh [--rotation 0|90|180|270]   install, or update in place
#   systemd/install.sh --dry-run                          print every step, change nothing
#   sudo systemd/install.sh --uninstall                   remove it all but the journal
#
# It is idempotent: each step looks first and acts only when something is
# missing or different, so a second run changes nothing. What it does:
#   model      /proc/device-tree/model: the printer's port is the header's UART on
#              GPIO 14/15, /dev/ttyAMA0 on a Pi 5 (dtparam=uart0=on), /dev/serial0 on a
#              Pi 4 or 3 (enable_uart=1)
#   packages   the Debian packages Kivy needs on Lite (Mesa, EGL, GLES, GBM, DRM, mtdev), and
#              the voice's: espeak-ng (speech) and alsa-utils (aplay, the sound card)
#   user       "piquet", a system user in video, render, input, gpio, dialout and audio only
#   venv       /opt/piquet-table/venv with this checkout installed (pip, needs the network
#              only when the source changed; built from a copy, so the checkout stays
#              clean), the README and docs/*.md beside it, and the helper
#              /usr/local/bin/piquet-table
#   config     /etc/piquet-table/config.toml with commented defaults, [display] rotation
#              and [printer] port (added to an existing file that has no port)
#   units      piquet-kiosk.service, piquet-backup.service/.timer in /etc/systemd/system;
#              getty@tty1 masked (the kiosk owns tty1); piquet-kiosk and the timer enabled
#   boot       cmdline.txt: consoleblank=0 (no blanking), fsck.repair=yes, no serial
#              console (the UART is the printer's); config.txt: the model's UART line
# The journal lives in /var/lib/piquet-table (systemd's StateDirectory=); the
# kiosk owns the display's rotation, so the kernel's is left alone.
#
# --root DIR redirects every path under DIR (an SD card's root, or the tests'):
# the model is read from DIR/proc/device-tree/model, and nothing outside DIR
# changes. Commands still run from PATH, with --root/--prefix given to
# systemctl, useradd, groupadd and usermod; the Debian packages are only
# looked up in DIR's dpkg database and listed (apt-get is never run), and pip
# keeps its build and its cache under DIR/opt/piquet-table. PYTHON names the
# python3 that makes the venv.
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
ROOT=/
DRY=0
MODE=install
ROTATION=""

usage() {
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) DRY=1 ;;
    --uninstall) MODE=uninstall ;;
    --rotation)
      [ $# -ge 2 ] || usage
      ROTATION=$2
      shift
      ;;
    --rotation=*) ROTATION=${1#--rotation=} ;;
    --root)
      [ $# -ge 2 ] || usage
      ROOT=$2
      shift
      ;;
    --root=*) ROOT=${1#--root=} ;;
    -h | --help) usage ;;
    *)
      echo "install.sh: unknown argument $1" >&2
      usage
      ;;
  esac
  shift
done
case "$ROTATION" in
  "" | 0 | 90 | 180 | 270) ;;
  *)
    echo "install.sh: --rotation must be 0, 90, 180 or 270, not $ROTATION" >&2
    exit 2
    ;;
esac

R=${ROOT%/}             # "" for the real root
KIOSK_USER=piquet
GROUPS_NEEDED=(video render input gpio dialout audio)
APP=$R/opt/piquet-table
VENV=$APP/venv
STAMP=$APP/installed-source
CREATED=$APP/created-groups
UNIT_DIR=$R/etc/systemd/system
CONF_DIR=$R/etc/piquet-table
CONF=$CONF_DIR/config.toml
STATE=$R/var/lib/piquet-table
CACHE=$R/var/cache/piquet-table
HELPER=$R/usr/local/bin/piquet-table
UNITS=(piquet-kiosk.service piquet-backup.service piquet-backup.timer)
ENABLE=(piquet-kiosk.service piquet-backup.timer)
APT_PACKAGES=(python3-venv libegl1 libgles2 libgl1-mesa-dri libgbm1 libdrm2 libmtdev1
  espeak-ng alsa-utils)
PYTHON=${PYTHON:-python3}
PIQUET_BEGIN="# piquet-table: begin (systemd/install.sh --uninstall removes this block)"
PIQUET_END="# piquet-table: end"
MODEL_FILE=$R/proc/device-tree/model
PORT_NOTE="# set by the installer for this model"

# The model and its printer port: the header's UART on GPIO 14/15. On a Pi 5
# (and the 500 and CM5, the same chip) /dev/serial0 is the 3-pin debug UART,
# and GPIO 14/15 is /dev/ttyAMA0 once config.txt has dtparam=uart0=on; on a
# Pi 4 or 3, serial0 is GPIO 14/15 once enable_uart=1.
MODEL=""
[ -r "$MODEL_FILE" ] && MODEL=$(tr -d '\0' < "$MODEL_FILE")
case "$MODEL" in
  "Raspberry Pi 5"* | "Raspberry Pi 500"* | "Raspberry Pi Compute Module 5"*)
    PRINTER_PORT=/dev/ttyAMA0
    UART_LINES=(dtparam=uart0=on)
    ;;
  *)
    PRINTER_PORT=/dev/serial0
    UART_LINES=(enable_uart=1)
    ;;
esac

CHANGES=0
say() { printf '%s\n' "$*"; }
ok() { say "  ok      $*"; }
note() { say "  note    $*"; }
# change WHAT COMMAND...: one change, printed; run unless --dry-run.
change() {
  local what=$1
  shift
  CHANGES=$((CHANGES + 1))
  if [ "$DRY" -eq 1 ]; then
    say "  would   $what"
    say "          \$ $*"
  else
    say "  change  $what"
    "$@"
  fi
}

if [ -n "$R" ]; then
  SYSTEMCTL=(systemctl "--root=$R")
  PREFIX=(--prefix "$R")
else
  SYSTEMCTL=(systemctl)
  PREFIX=()
fi
systemd_running() { [ -z "$R" ] && [ -d /run/systemd/system ]; }

boot_dir() {
  local d
  for d in "$R/boot/firmware" "$R/boot"; do
    if [ -f "$d/cmdline.txt" ]; then
      printf '%s\n' "$d"
      return
    fi
  done
}

has_group() { grep -q "^$1:" "$R/etc/group" 2>/dev/null; }
has_user() { grep -q "^$1:" "$R/etc/passwd" 2>/dev/null; }
in_group() { grep -E "^$2:" "$R/etc/group" 2>/dev/null | cut -d: -f4 | tr ',' '\n' | grep -qx "$1"; }

# A hash of what pip would install from this checkout.
source_hash() {
  (cd "$SRC" && find pyproject.toml README.md scorer journal hardware kiosk piquet -type f \
    ! -name '*.pyc' ! -path '*/__pycache__/*' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum) \
    | sha256sum | cut -c1-64
}

# cmdline.txt as the appliance wants it: no serial console, no blanking, fsck repairs.
cmdline_wanted() {
  local token out=()
  for token in $1; do
    case "$token" in
      console=serial0,* | console=ttyAMA0,* | console=ttyS0,* | consoleblank=* | fsck.repair=*) ;;
      *) out+=("$token") ;;
    esac
  done
  out+=(consoleblank=0 fsck.repair=yes)
  printf '%s\n' "${out[*]}"
}

# Which display the kernel sees (only to say so: the kiosk draws in its own rotation).
detected_display() {
  local modes first
  for modes in "$R"/sys/class/drm/card*-DSI-*/modes "$R"/sys/class/drm/card*-HDMI-*/modes; do
    [ -f "$modes" ] || continue
    first=$(head -n 1 "$modes")
    case "$first" in
      720x1280) say "Touch Display 2 (720x1280, portrait at rotation 0)"; return ;;
      800x480) say "the original 7\" Touch Display (800x480, landscape)"; return ;;
      ?*) say "a display at $first"; return ;;
    esac
  done
  say "no display found"
}

write_file() { # write_file DEST MODE < content
  local dest=$1 mode=$2 tmp
  mkdir -p "$(dirname "$dest")"
  tmp=$(mktemp "$dest.XXXXXX")
  cat > "$tmp"
  chmod "$mode" "$tmp"
  mv "$tmp" "$dest"
}

# put SOURCE DEST MODE: install a file when missing or different.
put() {
  local src=$1 dest=$2 mode=$3
  if [ -f "$dest" ] && cmp -s "$src" "$dest" && [ "$(stat -c %a "$dest")" = "$mode" ]; then
    ok "$dest"
  else
    change "$dest" install -D -m "$mode" "$src" "$dest"
  fi
}

set_rotation() { # the config's rotation line, changed in place
  sed -i "s/^rotation = .*/rotation = $ROTATION/" "$CONF"
}

say_model() {
  say "model"
  if [ -n "$MODEL" ]; then
    ok "$MODEL ($MODEL_FILE)"
  else
    note "no model in $MODEL_FILE: taken as a Raspberry Pi 4 or 3"
  fi
  note "the printer's port: $PRINTER_PORT (GPIO 14/15); config.txt: ${UART_LINES[*]}"
}

install_appliance() {
  say_model
  say "packages"
  local missing=() p
  local dpkg_root=()
  [ -n "$R" ] && dpkg_root=(--admindir="$R/var/lib/dpkg")
  for p in "${APT_PACKAGES[@]}"; do
    dpkg-query "${dpkg_root[@]}" -W -f='${Status}\n' "$p" 2>/dev/null | grep -q "ok installed" \
      || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    ok "${APT_PACKAGES[*]}"
  elif [ -n "$R" ]; then # apt-get would change the running system, not DIR
    note "not installed in $R (apt-get is not run under --root): ${missing[*]}"
    note "install them on that system: apt-get install --no-install-recommends ${missing[*]}"
  else
    change "apt-get update" apt-get update -qq
    change "install ${missing[*]}" env DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi

  say "user and groups"
  local g
  for g in "${GROUPS_NEEDED[@]}"; do
    if has_group "$g"; then
      ok "group $g"
    else
      change "group $g" groupadd "${PREFIX[@]}" --system "$g"
      if [ "$DRY" -eq 0 ]; then
        mkdir -p "$APP" && echo "$g" >> "$CREATED"
      fi
    fi
  done
  local groups_csv
  groups_csv=$(IFS=,; echo "${GROUPS_NEEDED[*]}")
  if has_user "$KIOSK_USER"; then
    ok "user $KIOSK_USER"
    for g in "${GROUPS_NEEDED[@]}"; do
      if in_group "$KIOSK_USER" "$g"; then
        ok "$KIOSK_USER in $g"
      else
        change "$KIOSK_USER in $g" usermod "${PREFIX[@]}" --append --groups "$g" "$KIOSK_USER"
      fi
    done
  else
    change "user $KIOSK_USER (groups $groups_csv)" useradd "${PREFIX[@]}" --system --user-group \
      --home-dir /var/lib/piquet-table --no-create-home --shell /usr/sbin/nologin \
      --groups "$groups_csv" "$KIOSK_USER"
  fi

  say "application"
  local app_changed=0 before=$CHANGES
  if [ -x "$VENV/bin/python" ]; then
    ok "$VENV"
  else
    change "$VENV" away_from_home "$PYTHON" -m venv "$VENV"
  fi
  local hash
  hash=$(source_hash)
  if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$hash" ] && [ -x "$VENV/bin/piquet" ]; then
    ok "piquet-table from $SRC (unchanged)"
  else
    change "piquet-table from $SRC into $VENV" from_a_copy \
      "$VENV/bin/python" -m pip install -q --disable-pip-version-check "${SRC}[pi]"
    if [ "$DRY" -eq 0 ]; then
      printf '%s\n' "$hash" | write_file "$STAMP" 644
    fi
  fi
  [ "$CHANGES" -eq "$before" ] || app_changed=1
  put "$SRC/README.md" "$APP/README.md" 644
  local doc # the pages the README links to, to read on the table itself
  for doc in "$SRC"/docs/*.md; do
    put "$doc" "$APP/docs/${doc##*/}" 644
  done
  put "$SRC/systemd/piquet-table" "$HELPER" 755

  say "config"
  if [ -f "$CONF" ]; then
    ok "$CONF (your settings kept)"
    local current
    current=$(sed -n 's/^rotation = \([0-9]*\).*/\1/p' "$CONF" | head -n 1)
    if [ -n "$ROTATION" ] && [ "$current" != "$ROTATION" ]; then
      change "[display] rotation = $ROTATION in $CONF" set_rotation
    fi
    local line port
    line=$(config_port_line)
    port=$(port_of "$line")
    if [ -z "$line" ]; then
      change "[printer] port = \"$PRINTER_PORT\" in $CONF" add_config_port
    elif [ "$port" = "$PRINTER_PORT" ]; then
      ok "[printer] port = \"$port\""
    elif [[ "$line" == *"$PORT_NOTE"* ]]; then
      change "[printer] port = \"$PRINTER_PORT\" in $CONF (was $port, for another model)" \
        set_config_port
    else
      note "[printer] port = \"$port\" (yours, kept; this model's GPIO 14/15 is $PRINTER_PORT)"
    fi
  else
    change "$CONF ([display] rotation = ${ROTATION:-0}; [printer] port = \"$PRINTER_PORT\"; \
display: $(detected_display))" write_config
  fi

  say "units"
  local u units_changed=0
  before=$CHANGES
  for u in "${UNITS[@]}"; do
    put "$SRC/systemd/$u" "$UNIT_DIR/$u" 644
  done
  [ "$CHANGES" -eq "$before" ] || units_changed=1
  if [ "$units_changed" -eq 1 ] && systemd_running; then
    change "reload systemd" systemctl daemon-reload
  fi
  if [ "$(readlink "$UNIT_DIR/getty@tty1.service" 2>/dev/null)" = /dev/null ]; then
    ok "getty@tty1.service masked (tty1 is the kiosk's)"
  else
    change "mask getty@tty1.service (tty1 is the kiosk's)" "${SYSTEMCTL[@]}" mask getty@tty1.service
  fi
  for u in "${ENABLE[@]}"; do
    if [ "$("${SYSTEMCTL[@]}" is-enabled "$u" 2>/dev/null)" = enabled ]; then
      ok "$u enabled"
    else
      change "enable $u" "${SYSTEMCTL[@]}" enable "$u"
    fi
  done
  if [ $((units_changed + app_changed)) -gt 0 ] && systemd_running; then
    change "restart the kiosk if it runs (an update)" systemctl try-restart piquet-kiosk.service
  fi

  say "boot"
  local boot
  boot=$(boot_dir)
  if [ -z "$boot" ]; then
    note "no Raspberry Pi boot partition ($R/boot/firmware/cmdline.txt): left alone"
  else
    local line wanted
    line=$(head -n 1 "$boot/cmdline.txt")
    wanted=$(cmdline_wanted "$line")
    if [ "$line" = "$wanted" ]; then
      ok "$boot/cmdline.txt (consoleblank=0, fsck.repair=yes, no serial console)"
    else
      if [ ! -f "$boot/cmdline.txt.piquet-table-orig" ]; then
        change "keep the original as cmdline.txt.piquet-table-orig" \
          cp -p "$boot/cmdline.txt" "$boot/cmdline.txt.piquet-table-orig"
      fi
      change "$boot/cmdline.txt: $wanted" write_cmdline "$boot/cmdline.txt" "$wanted"
    fi
    local block
    block=$(config_block "$boot/config.txt")
    if [ "$block" = "$(config_block_wanted)" ]; then
      ok "$boot/config.txt (${UART_LINES[*]})"
    else
      if [ -n "$block" ]; then
        change "$boot/config.txt: the installer's block without its old lines" \
          remove_config_block "$boot/config.txt"
      fi
      change "$boot/config.txt: ${UART_LINES[*]} for the printer on $PRINTER_PORT" \
        append_config_block "$boot/config.txt"
    fi
  fi
}

write_cmdline() { printf '%s\n' "$2" | write_file "$1" 644; }

# away_from_home COMMAND...: under --root, with HOME and TMPDIR in a folder of
# its own under $APP, removed afterwards: pip (which venv runs too) writes in ~
# (its cache, and what the tools it asks, like rustc for its user agent, keep
# there). It still reads /etc/pip.conf and the PIP_* variables.
away_from_home() {
  [ -n "$R" ] || {
    "$@"
    return
  }
  local work rc=0
  mkdir -p "$APP"
  work=$(mktemp -d "$APP/build.XXXXXX")
  mkdir "$work/home" "$work/tmp"
  HOME=$work/home TMPDIR=$work/tmp "$@" || rc=$?
  rm -rf "$work"
  return "$rc"
}

# from_a_copy PIP-COMMAND... SRC[extra]: run pip on a copy of the checkout
# under $APP, not on the checkout (setuptools builds in the source tree:
# build/, *.egg-info), with pip's cache and temporary files under $APP too, so
# nothing outside the root (or the app's folder) changes; under --root its
# HOME is there too (see away_from_home).
from_a_copy() {
  local work last=${*: -1}
  work=$(mktemp -d "$APP/build.XXXXXX")
  mkdir "$work/src" "$work/tmp" "$work/home"
  (cd "$SRC" && tar -cf - --exclude=__pycache__ --exclude='*.pyc' --exclude='*.egg-info' \
    pyproject.toml README.md scorer journal hardware kiosk piquet) | tar -xf - -C "$work/src"
  local vars=(TMPDIR="$work/tmp" PIP_CACHE_DIR="$APP/pip-cache") rc=0
  [ -n "$R" ] && vars+=(HOME="$work/home")
  env "${vars[@]}" "${@:1:$#-1}" "$work/src${last#"$SRC"}" || rc=$?
  rm -rf "$work"
  return "$rc"
}

write_config() {
  sed "s/@ROTATION@/${ROTATION:-0}/; s|@PORT@|$PRINTER_PORT|" "$SRC/systemd/config.toml" \
    | write_file "$CONF" 644
}

# The port line of the config's [printer] section (empty when it has none), and its value.
config_port_line() {
  awk '
    /^[[:space:]]*\[/ { section = $0; gsub(/#.*|[[:space:]]|\[|\]/, "", section); next }
    section == "printer" && /^[[:space:]]*port[[:space:]]*=/ { print; exit }' "$CONF"
}
port_of() { # port = "/dev/x"   # a note  ->  /dev/x
  printf '%s\n' "$1" | sed 's/^[^=]*=[[:space:]]*//; s/[[:space:]]*#.*$//; s/"//g'
}

add_config_port() { # after [printer], or in a new [printer] at the end
  local line="port = \"$PRINTER_PORT\"   $PORT_NOTE"
  if grep -q '^\[printer\]' "$CONF"; then
    sed "/^\[printer\]/a $line" "$CONF" | write_file "$CONF" 644
  else
    printf '\n[printer]\n%s\n' "$line" | cat "$CONF" - | write_file "$CONF" 644
  fi
}

set_config_port() { # the installer's own line, for this model
  sed "s|^\([[:space:]]*port[[:space:]]*=\).*$PORT_NOTE\$|\1 \"$PRINTER_PORT\"   $PORT_NOTE|" "$CONF" \
    | write_file "$CONF" 644
}

# The installer's block in config.txt, as it is and as this model wants it.
config_block() {
  awk -v b="$PIQUET_BEGIN" -v e="$PIQUET_END" '
    $0 == b { on = 1 } on { print } $0 == e { exit }' "$1" 2>/dev/null
}
config_block_wanted() {
  echo "$PIQUET_BEGIN"
  echo "# The UART on GPIO 14/15 for the thermal printer ($PRINTER_PORT)."
  echo "[all]"
  printf '%s\n' "${UART_LINES[@]}"
  echo "$PIQUET_END"
}

append_config_block() {
  {
    echo
    config_block_wanted
  } >> "$1"
}

remove_config_block() { # the block and the blank line it was appended after
  local tmp
  tmp=$(mktemp "$1.XXXXXX")
  awk -v b="$PIQUET_BEGIN" -v e="$PIQUET_END" '
    { line[NR] = $0 }
    END {
      for (i = 1; i <= NR; i++) if (line[i] == b) { start = i; break }
      if (start > 1 && line[start - 1] == "") start--
      for (i = 1; i <= NR; i++) {
        if (start && i >= start && !done) { if (line[i] == e) done = 1; continue }
        print line[i]
      }
    }' "$1" > "$tmp"
  cat "$tmp" > "$1"
  rm -f "$tmp"
}

uninstall_appliance() {
  say "units"
  local u
  for u in "${ENABLE[@]}"; do
    if [ -f "$UNIT_DIR/$u" ] && [ "$("${SYSTEMCTL[@]}" is-enabled "$u" 2>/dev/null)" = enabled ]; then
      if systemd_running; then
        change "stop and disable $u" systemctl disable --now "$u"
      else
        change "disable $u" "${SYSTEMCTL[@]}" disable "$u"
      fi
    fi
  done
  for u in "${UNITS[@]}"; do
    if [ -e "$UNIT_DIR/$u" ]; then
      change "remove $UNIT_DIR/$u" rm -f "$UNIT_DIR/$u"
    fi
  done
  if [ "$(readlink "$UNIT_DIR/getty@tty1.service" 2>/dev/null)" = /dev/null ]; then
    change "unmask getty@tty1.service" "${SYSTEMCTL[@]}" unmask getty@tty1.service
    if systemd_running; then
      change "start the console's login on tty1" systemctl start getty@tty1.service
    fi
  fi
  if systemd_running; then
    change "reload systemd" systemctl daemon-reload
  fi

  say "application and config"
  local created=()
  [ -f "$CREATED" ] && mapfile -t created < "$CREATED"
  local path
  for path in "$APP" "$CONF_DIR" "$HELPER" "$CACHE"; do
    if [ -e "$path" ]; then
      change "remove $path" rm -rf "$path"
    fi
  done

  say "user"
  if has_user "$KIOSK_USER"; then
    change "remove the user $KIOSK_USER (its files stay)" userdel "${PREFIX[@]}" "$KIOSK_USER"
  fi
  local g
  for g in "${created[@]}"; do
    if has_group "$g"; then
      change "remove the group $g (made by the installer)" groupdel "${PREFIX[@]}" "$g"
    fi
  done

  say "boot"
  local boot
  boot=$(boot_dir)
  if [ -n "$boot" ]; then
    local orig=$boot/cmdline.txt.piquet-table-orig
    if [ -f "$orig" ]; then
      if [ "$(head -n 1 "$boot/cmdline.txt")" = "$(cmdline_wanted "$(head -n 1 "$orig")")" ]; then
        change "$boot/cmdline.txt as it was before" mv "$orig" "$boot/cmdline.txt"
      else
        note "$boot/cmdline.txt was changed since the install: left as it is (the original is $orig)"
      fi
    fi
    if grep -qxF "$PIQUET_BEGIN" "$boot/config.txt" 2>/dev/null; then
      change "$boot/config.txt without the installer's block" remove_config_block "$boot/config.txt"
    fi
  fi
  say "kept"
  if [ -d "$STATE" ]; then
    note "$STATE: the journal and its backups (remove it by hand to forget every partie)"
  else
    note "$STATE: not there (no journal was ever written)"
  fi
  note "the Debian packages (shared with other programs)"
}

if [ "$DRY" -eq 0 ] && [ -z "$R" ] && [ "$(id -u)" -ne 0 ]; then
  echo "install.sh: run it with sudo (or --dry-run to see what it would do)" >&2
  exit 2
fi
if [ "$DRY" -eq 1 ]; then
  say "piquet-table $MODE, dry run: nothing is changed (root: ${ROOT})"
else
  say "piquet-table $MODE (root: ${ROOT})"
fi
if [ "$MODE" = install ]; then
  install_appliance
else
  uninstall_appliance
fi
if [ "$CHANGES" -eq 0 ]; then
  say "nothing to change"
elif [ "$DRY" -eq 1 ]; then
  say "$CHANGES changes would be made"
else
  say "$CHANGES changes made"
  if [ "$MODE" = install ]; then
    say "Reboot (sudo reboot) and the kiosk starts on the screen; the printer is on $PRINTER_PORT."
  fi
fi
