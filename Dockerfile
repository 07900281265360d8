# One image for every service; docker-compose.yml picks the command. Node 20 as on the development machines.
# The base images are build arguments so that tools/compose-up.sh can build the same stages from images it
# made itself where no registry is reachable (docker-compose.local.yml); the defaults are the published ones.
ARG NODE_BASE=node:20-bookworm-slim
ARG NGINX_BASE=nginx:1.27

FROM ${NODE_BASE} AS base
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY services/command-api/package.json services/command-api/
COPY services/projector/package.json services/projector/
COPY services/query-api/package.json services/query-api/
COPY services/standalone/package.json services/standalone/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web
ENV NODE_ENV=production
# As `npm start` runs it (package.json config.serverNodeOptions): V8 collects before the heap passes 384 MB.
ENV NODE_OPTIONS=--max-old-space-size=384
# node itself is the container's first process, so `docker stop`'s SIGTERM reaches the server's graceful stop; under
# `npx tsx` npm got it, exited at once, and the server was killed mid-request with the container.
CMD ["node", "--import", "tsx", "services/standalone/src/server.ts"]

# The web server: the built app plus the API routing of deploy/nginx.conf. nginx's image fills in the ${…}
# of /etc/nginx/templates/*.template from the environment at start (into /etc/nginx/conf.d/): where nginx listens
# and where the two APIs are, as docker-compose.yml names them unless the environment says otherwise.
FROM ${NGINX_BASE} AS web
ENV NGINX_LISTEN=80 QUERY_API_ADDRESS=query-api:3002 COMMAND_API_ADDRESS=command-api:3001
COPY --from=base /app/web/dist /usr/share/nginx/html
COPY deploy/nginx.conf /etc/nginx/templates/default.conf.template
