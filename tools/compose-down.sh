#!/usr/bin/env bash
# Stops the stack of tools/compose-up.sh and removes its containers and volumes (the data goes; the images stay,
# so the next compose-up starts quickly). Run it again at any time: nothing running is nothing to do.
source "$(dirname "${BASH_SOURCE[0]}")/compose-lib.sh"

need_root
if ! docker info > /dev/null 2>&1; then
  say "no docker engine running: nothing to stop"
  exit 0
fi
ensure_compose
# docker-compose.yml requires the secrets to be set, even to stop.
load_secrets
compose --profile kurrentdb down -v --remove-orphans
rm -f "$STATE_DIR/secrets.env"
say "down: containers and volumes removed"
