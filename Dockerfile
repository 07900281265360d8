# One image for every service; docker-compose.yml picks the command. Node 20 as on the development machines.
FROM node:20-bookworm-slim AS base
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
CMD ["npx", "tsx", "services/standalone/src/server.ts"]

# The web server: the built app plus the API routing of deploy/nginx.conf.
FROM nginx:1.27 AS web
COPY --from=base /app/web/dist /usr/share/nginx/html
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
