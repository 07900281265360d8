# Redis from Debian bookworm's packages (7.0; docker-compose.yml names redis:7 from the registry). The data in /data,
# `redis-server …` as the command, as in the redis image.
FROM crm-base:bookworm
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends redis-server \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data
WORKDIR /data
CMD ["redis-server"]
