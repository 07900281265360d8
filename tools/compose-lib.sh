# Shared by tools/compose-up.sh and tools/compose-down.sh (sourced, not run): the docker engine and compose v2 on
# this machine, and the one compose command both use.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# What the scripts keep outside the repository: the base's root file system, the compose binary, the secrets.
STATE_DIR=${CRM_COMPOSE_STATE:-/var/lib/crm-compose}
NICE=(nice -n 10)

say() { printf '%s %s\n' "[compose]" "$*" >&2; }
die() { say "$*"; exit 1; }

need_root() { [ "$(id -u)" = 0 ] || die "run as root: it installs packages and starts the docker engine"; }

apt_install() {
  say "installing $* from Debian's packages"
  DEBIAN_FRONTEND=noninteractive "${NICE[@]}" apt-get install -y -q "$@" > "$STATE_DIR/apt.log" 2>&1 ||
    { apt-get update -q > /dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive "${NICE[@]}" apt-get install -y -q "$@" > "$STATE_DIR/apt.log" 2>&1; } ||
    die "apt-get install $* failed: see $STATE_DIR/apt.log"
}

# The engine: Debian's docker.io; started here (at nice 10, which its builds and containers inherit) when no
# service manager runs it. Host networking needs no bridge.
ensure_engine() {
  mkdir -p "$STATE_DIR"
  command -v dockerd > /dev/null || apt_install docker.io
  if ! docker info > /dev/null 2>&1; then
    say "starting dockerd (log: /var/log/dockerd.log)"
    nohup "${NICE[@]}" dockerd > /var/log/dockerd.log 2>&1 &
    for _ in $(seq 1 60); do docker info > /dev/null 2>&1 && break; sleep 1; done
    docker info > /dev/null 2>&1 || die "dockerd did not start: see /var/log/dockerd.log"
  fi
}

# Compose v2 (docker-compose.yml uses its `name:`; Debian bookworm's docker-compose is 1.29, which does not read
# it): the docker CLI's plugin when there is one, else Debian trixie's docker-compose package (a static binary)
# unpacked under STATE_DIR, through a private apt list that leaves the machine's own sources untouched.
COMPOSE=()
ensure_compose() {
  if docker compose version 2> /dev/null | grep -q ' v\?2\.'; then COMPOSE=(docker compose); return; fi
  local bin="$STATE_DIR/compose/usr/libexec/docker/cli-plugins/docker-compose"
  if [ ! -x "$bin" ]; then
    say "fetching compose v2 (Debian trixie's docker-compose package)"
    local apt="$STATE_DIR/apt-trixie"
    mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
    echo 'deb http://deb.debian.org/debian trixie main' > "$apt/sources.list"
    local opts=(-o "Dir::Etc::sourcelist=$apt/sources.list" -o Dir::Etc::sourceparts=- -o "Dir::State::Lists=$apt/lists"
      -o "Dir::Cache=$apt/cache" -o APT::Sandbox::User=root)
    apt-get "${opts[@]}" update -q > "$apt/update.log" 2>&1 || die "apt-get update (trixie list) failed: see $apt/update.log"
    (cd "$apt" && apt-get "${opts[@]}" download docker-compose > download.log 2>&1) || die "download failed: see $apt/download.log"
    dpkg-deb -x "$(ls "$apt"/docker-compose_2.*_amd64.deb | tail -1)" "$STATE_DIR/compose"
  fi
  "$bin" version | grep -q 'version v\?2\.' || die "$bin is not compose v2"
  COMPOSE=("$bin")
}

# The secrets docker-compose.yml requires: from the environment, else made once and kept in STATE_DIR.
load_secrets() {
  local file="$STATE_DIR/secrets.env"
  if [ -z "${JWT_SECRET:-}" ] || [ -z "${SSO_SECRET:-}" ]; then
    if [ ! -s "$file" ]; then
      (umask 077 && printf 'JWT_SECRET=%s\nSSO_SECRET=%s\n' "$(head -c 32 /dev/urandom | base64 | tr -d '=+/')" \
        "$(head -c 32 /dev/urandom | base64 | tr -d '=+/')" > "$file")
    fi
    set -a
    # shellcheck disable=SC1090
    . "$file"
    set +a
  fi
}

compose() { (cd "$ROOT" && "${COMPOSE[@]}" -f docker-compose.yml -f docker-compose.local.yml "$@"); }
