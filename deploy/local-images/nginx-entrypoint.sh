#!/bin/sh
# As the nginx image does: each /etc/nginx/templates/NAME.template becomes /etc/nginx/conf.d/NAME with the
# environment's variables filled in (only those that are set: nginx's own $variables stay).
set -eu
names=$(env | sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*\)=.*/${\1}/p' | tr '\n' ' ')
for template in /etc/nginx/templates/*.template; do
  [ -e "$template" ] || continue
  target="/etc/nginx/conf.d/$(basename "$template" .template)"
  envsubst "$names" < "$template" > "$target"
done
exec "$@"
