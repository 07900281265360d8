#!/usr/bin/env bash
# Runs docker-compose.yml on this machine without an image registry (docs/operations.md, "Compose on one machine"):
# installs and starts the docker engine if needed, builds every image from a local Debian bookworm base, starts
# the stack with docker-compose.local.yml (host networking, 127.0.0.1 only, PostgreSQL as the event store), waits
# until nginx answers and prints the base URL. Images that exist are reused; `--build` rebuilds the product's
# images from the current tree. Run it again at any time: a running stack is left as it is.
# Outside CI: it installs packages and builds images (minutes the first time).
source "$(dirname "${BASH_SOURCE[0]}")/compose-lib.sh"

BUILD=()
for arg in "$@"; do
  case "$arg" in
    --build) BUILD=(--build) ;;
    *) die "unknown argument $arg (usage: tools/compose-up.sh [--build])" ;;
  esac
done

BASE_URL=http://127.0.0.1:8088
PORTS=(15432 16379 13001 13002 13003 8088)

need_root
ensure_engine
ensure_compose

have_image() { docker image inspect "$1" > /dev/null 2>&1; }

# The base: Debian bookworm's minimal system from the mirror this machine's apt uses, imported as an image.
if ! have_image crm-base:bookworm; then
  command -v debootstrap > /dev/null || apt_install debootstrap
  mirror=$(grep -hoE '^URIs: *http[^ ]*/debian$|^deb +http[^ ]*/debian +bookworm ' /etc/apt/sources.list /etc/apt/sources.list.d/* 2> /dev/null |
    grep -oE 'http[^ ]*/debian' | head -1 || true)
  mirror=${mirror:-http://deb.debian.org/debian}
  rootfs="$STATE_DIR/rootfs-bookworm"
  rm -rf "$rootfs"
  say "debootstrap bookworm from $mirror (a few minutes)"
  "${NICE[@]}" debootstrap --variant=minbase bookworm "$rootfs" "$mirror" > "$STATE_DIR/debootstrap.log" 2>&1 ||
    die "debootstrap failed: see $STATE_DIR/debootstrap.log"
  tar -C "$rootfs" -c . | docker import - crm-base:bookworm > /dev/null
  rm -rf "$rootfs"
fi

local_images="$ROOT/deploy/local-images"
build_local() { # image, Dockerfile, context
  say "building $1"
  "${NICE[@]}" docker build --network host -q -t "$1" -f "$2" "$3" > /dev/null || die "building $1 failed"
}

# Node 20: this machine's own node binary and npm (same Debian bookworm glibc), copied onto the base.
if ! have_image crm-node:20-bookworm; then
  node_bin=$(readlink -f "$(command -v node)") || die "node is not installed"
  "$node_bin" --version | grep -q '^v20\.' || die "node on this machine is $("$node_bin" --version), the images need 20"
  npm_dir=$(cd "$(dirname "$(readlink -f "$(command -v npm)")")/.." && pwd)
  context=$(mktemp -d)
  cp "$node_bin" "$context/node"
  cp -a "$npm_dir" "$context/npm"
  cp /etc/ssl/certs/ca-certificates.crt "$context/"
  build_local crm-node:20-bookworm "$local_images/node.Dockerfile" "$context"
  rm -rf "$context"
fi
have_image crm-nginx:bookworm || build_local crm-nginx:bookworm "$local_images/nginx.Dockerfile" "$local_images"
have_image crm-postgres:15-bookworm || build_local crm-postgres:15-bookworm "$local_images/postgres.Dockerfile" "$local_images"
have_image crm-redis:7-bookworm || build_local crm-redis:7-bookworm "$local_images/redis.Dockerfile" "$local_images"

load_secrets

# Already up (setup done, nginx answering): nothing to do. A second `up` would run setup again.
setup_id=$(compose ps -a -q setup 2> /dev/null || true)
if [ ${#BUILD[@]} -eq 0 ] && [ -n "$setup_id" ] && [ "$(docker inspect -f '{{.State.Status}} {{.State.ExitCode}}' "$setup_id")" = "exited 0" ] &&
  curl -fs "$BASE_URL/api/v1/health" > /dev/null; then
  say "already up"
  echo "$BASE_URL"
  exit 0
fi

# Ports: with host networking the stack's ports are the machine's; any taken by something else stops here.
if [ -z "$(compose ps -q 2> /dev/null)" ]; then
  for port in "${PORTS[@]}"; do
    if ss -Hltn "sport = :$port" | grep -q .; then die "port $port is taken on this machine: free it first"; fi
  done
fi

# The product's images: the Dockerfile's stages on the local bases, one at a time (a 2-core machine).
for service in setup command-api query-api projector web; do
  if [ ${#BUILD[@]} -gt 0 ] || ! have_image "trucking-crm-$service"; then
    say "building $service"
    compose build -q "$service" || die "building $service failed"
  fi
done

say "starting the stack"
compose up -d --no-build --remove-orphans > "$STATE_DIR/up.log" 2>&1 || { cat "$STATE_DIR/up.log" >&2; die "docker compose up failed"; }

# setup migrates and seeds the administrator once, then exits; then nginx answers in front of the services.
setup_id=$(compose ps -a -q setup)
status=$(docker wait "$setup_id")
[ "$status" = 0 ] || { compose logs setup >&2; die "setup exited with $status"; }
for _ in $(seq 1 120); do
  if curl -fs "$BASE_URL/api/v1/health" > /dev/null; then
    say "up: log in as ${ADMIN_EMAIL:-admin@example.com}"
    echo "$BASE_URL"
    exit 0
  fi
  sleep 1
done
compose ps -a >&2
die "no answer from $BASE_URL/api/v1/health after 2 minutes: docker compose logs"
