# Node 20 on the local Debian bookworm base (tools/compose-up.sh), standing in for node:20-bookworm-slim where no
# image registry is reachable. The build context is a folder compose-up.sh fills from this machine: its own node
# binary (Debian bookworm, glibc: it runs as it is), its npm, and its CA bundle (npm checks the registry's
# certificate against it, as npm on this machine does).
FROM crm-base:bookworm
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && node --version && npm --version
ENV NPM_CONFIG_CAFILE=/etc/ssl/certs/ca-certificates.crt NPM_CONFIG_UPDATE_NOTIFIER=false
CMD ["node"]
